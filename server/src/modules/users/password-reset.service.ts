import { createHash, randomBytes } from 'node:crypto';
import { trusted } from 'mongoose';
import { ERROR_CODES, MESSAGES } from '@pulso/shared';
import type { Logger } from 'pino';
import type { AppContext } from '../../lib/context';
import { isDuplicateKeyError } from '../../lib/db';
import { HttpError } from '../../lib/http-error';
import { findUserByEmail } from './account-keys.service';
import { PasswordResetModel, PasswordResetUseModel, type PasswordResetDoc } from './password-reset.model';
import { normalizeEmail } from './users.service';
import { UserModel } from './users.model';

const VALID_FOR_MS = 60 * 60 * 1000;
const hash = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * 'Olvidé mi contraseña': when the account exists (and is not suspended), e-mails a single-use link
 * valid for one hour. The caller always gets the same answer, so nobody learns which e-mails exist.
 */
export async function requestReset(ctx: AppContext, email: string, logger: Pick<Logger, 'warn'>): Promise<void> {
  const user = await findUserByEmail(normalizeEmail(email), { _id: 1, deletedAt: 1 });
  if (!user || user.deletedAt) return;
  const token = randomBytes(32).toString('base64url');
  await PasswordResetModel.create({
    _id: hash(token),
    user: user._id,
    expiresAt: new Date(Date.now() + VALID_FOR_MS),
  });
  const link = `${ctx.config.publicUrl}/restablecer?token=${token}`;
  try {
    await ctx.mailer.send({
      to: normalizeEmail(email),
      subject: `${ctx.config.gymName}: restablecer tu contraseña`,
      text: [
        'Recibimos una solicitud para restablecer tu contraseña.',
        '',
        `Crea una nueva contraseña en este enlace (válido por una hora, un solo uso):`,
        link,
        '',
        'Si no la pediste, ignora este mensaje.',
      ].join('\n'),
    });
  } catch (error) {
    logger.warn({ err: error instanceof Error ? error.message : String(error) }, 'password reset e-mail not sent');
  }
}

/** Sets the new password with a valid, unused, unexpired token and ends every older session. */
export async function resetPassword(ctx: AppContext, token: string, password: string): Promise<void> {
  const now = new Date();
  const invalid = () =>
    new HttpError(400, ERROR_CODES.VALIDATION_FAILED, MESSAGES.auth.resetInvalid, [
      { field: 'token', message: MESSAGES.auth.resetInvalid },
    ]);
  const tokenHash = hash(token);
  const claimed = await PasswordResetModel.findById(tokenHash).lean<PasswordResetDoc>();
  if (!claimed || claimed.expiresAt <= now) throw invalid();
  // Single use: of several resets with one token, only the one that records its use goes on.
  try {
    await PasswordResetUseModel.create({
      _id: tokenHash,
      user: claimed.user,
      usedAt: now,
      expiresAt: claimed.expiresAt,
    });
  } catch (error) {
    if (isDuplicateKeyError(error)) throw invalid();
    throw error;
  }
  await UserModel.updateOne(
    { _id: claimed.user },
    // The link reached the inbox, so the address is proven too.
    { $set: { passwordHash: await ctx.passwords.hash(password), sessionsValidAfter: now, emailVerified: true } },
  );
}

/** Removes expired reset tokens (the periodic clean-up that stands in for a TTL index). */
export async function purgeExpiredResets(): Promise<number> {
  const expired = { expiresAt: trusted({ $lt: new Date() }) };
  const [result] = await Promise.all([
    PasswordResetModel.deleteMany(expired),
    PasswordResetUseModel.deleteMany(expired),
  ]);
  return result.deletedCount;
}
