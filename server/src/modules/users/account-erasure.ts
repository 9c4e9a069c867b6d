import { trusted, Types } from 'mongoose';
import type { Logger } from 'pino';
import { ERROR_CODES, MESSAGES } from '@pulso/shared';
import type { AppContext } from '../../lib/context';
import { HttpError } from '../../lib/http-error';
import { identityOwners } from '../../lib/owned-lists';
import { cancelBooking, heldEntries, leaveStanding } from '../bookings/bookings.service';
import { noticeDelivery } from '../bookings/bookings.notices';
import { removeWish, wishesOf } from '../bookings/bookings.wishes';
import { eraseMessagesFrom } from '../contact/contact.service';
import { forgetPerson } from '../audit/audit.service';
import { anonymiseMemberPayments } from '../payments/payments.service';
import { StripePaymentProvider } from '../payments/stripe-provider';
import { stopRenewalsOf } from '../payments/subscriptions';
import { renameReviewerAtOnce } from '../reviews/reviewer-names';
import { claimEmail, settleEmailChange } from './account-keys.service';
import { IdentityModel } from './identity.model';
import { syncTrainer } from './trainer-directory';
import { UserModel, type UserDoc } from './users.model';
import { ensureTeachesNothing, keepingAnAdmin, normalizeEmail } from './users.service';

/**
 * A member erases their own account (issue 23, item 7). What identifies them is removed or
 * anonymised at once; what the chain must keep for its accounts stays, naming no one:
 *
 * - the account: 'Socio anónimo', an address of its own that reaches no one, no phone, no password,
 *   no roles, no membership, no schedule; suspended for good (`deletedAt`, `erasedAt`), so no session
 *   works and no one can restore it. Its real address is free at once: it can register again.
 * - their Google sign-in identities: deleted (the same Google account makes a new account);
 * - their places and waits in sessions to come, their standing places and their wider waits:
 *   given up as a cancellation would, so the waitlist moves up;
 * - their reviews: kept, under 'Socio anónimo';
 * - the messages sent through the contact form from their address: deleted;
 * - their renewing plan: ended at once, so it is charged no more;
 * - their payments: kept (plan, amount, dates, method, the provider's reference), and each receipt
 *   says 'Socio anónimo' with no address.
 *
 * The account is marked first; each step after that can run again and do nothing twice. A server
 * that stops half-way leaves the account marked and locked out, and the `account-erasures` job
 * finishes it (`erasureDoneAt` says it is done).
 */

export const ANONYMOUS = MESSAGES.receipts.anonymous;

/** The address an erased account keeps: unique, and one that no mail server accepts (RFC 2606). */
export const erasedAddress = (id: Types.ObjectId) => `eliminada-${id.toString()}@pulso.invalid`;

const invalid = (field: 'password' | 'email', message: string) =>
  new HttpError(400, ERROR_CODES.VALIDATION_FAILED, message, [{ field, message }]);

export interface ErasureDeps {
  ctx: AppContext;
  logger: Pick<Logger, 'warn'>;
}

/**
 * Erases the caller's account, confirmed by their password (by their e-mail for an account that
 * signs in with Google only). Refused for a trainer who still teaches classes and for the last
 * active administrator.
 */
export async function eraseOwnAccount(
  deps: ErasureDeps,
  id: string,
  confirmation: { password?: string; email?: string },
  now = new Date(),
): Promise<void> {
  const _id = new Types.ObjectId(id);
  const user = await UserModel.findById(_id, {
    email: 1,
    isAdmin: 1,
    isMonitor: 1,
    deletedAt: 1,
    erasedAt: 1,
    sessionsValidAfter: 1,
  })
    .select('+passwordHash')
    .lean<UserDoc>();
  if (!user || user.erasedAt) throw HttpError.unauthenticated();
  const e = MESSAGES.users.erasure;
  if (user.passwordHash) {
    if (!confirmation.password) throw invalid('password', e.passwordRequired);
    if (!(await deps.ctx.passwords.verify(confirmation.password, user.passwordHash))) {
      throw invalid('password', e.passwordWrong);
    }
  } else {
    if (!confirmation.email?.trim()) throw invalid('email', e.emailRequired);
    if (normalizeEmail(confirmation.email) !== user.email) throw invalid('email', e.emailWrong);
  }
  if (user.isMonitor) await ensureTeachesNothing(_id, e.trainerTeaches);

  const mark = () => UserModel.updateOne({ _id }, { $set: { erasedAt: now, deletedAt: now, sessionsValidAfter: now } });
  if (user.isAdmin && !user.deletedAt) {
    await keepingAnAdmin(_id, mark, () =>
      UserModel.updateOne(
        { _id },
        { $set: { erasedAt: null, deletedAt: null, sessionsValidAfter: user.sessionsValidAfter ?? null } },
      ),
    );
  } else {
    await mark();
  }
  await finishErasure(deps, _id, now);
}

/** The steps after the mark; each may run again (a retry after a crash) and does nothing twice. */
export async function finishErasure(deps: ErasureDeps, _id: Types.ObjectId, now = new Date()): Promise<void> {
  const user = await UserModel.findById(_id, { email: 1, isMonitor: 1, lessons: 1, erasedAt: 1 }).lean<UserDoc>();
  if (!user?.erasedAt) return;
  const id = _id.toString();
  const rules = deps.ctx.config.bookings;
  const delivery = noticeDelivery(deps.ctx, deps.logger);

  // Places and waits in sessions to come: given up, so whoever waits moves up.
  for (const lessonId of (user.lessons ?? []).map(String)) {
    await leaveStanding(lessonId, _id, rules, delivery, now).catch((error: unknown) => {
      if (!(error instanceof HttpError && error.status === 404)) throw error;
    });
  }
  for (const entry of await heldEntries(_id)) {
    if (new Date(entry.start) <= now) continue;
    await cancelBooking(entry.session, _id, rules, delivery, now).catch((error: unknown) => {
      // Not booked any more, or the session is gone or has started: nothing to give up.
      if (!(error instanceof HttpError && [404, 409].includes(error.status))) throw error;
    });
  }
  for (const wish of await wishesOf(_id)) {
    await removeWish(_id, wish.id).catch((error: unknown) => {
      if (!(error instanceof HttpError && error.status === 404)) throw error;
    });
  }

  // A renewing plan is charged no more.
  const stripe = deps.ctx.payments instanceof StripePaymentProvider ? deps.ctx.payments.client : undefined;
  await stopRenewalsOf(_id, stripe, now);

  // What names them elsewhere.
  await renameReviewerAtOnce(_id, ANONYMOUS);
  await anonymiseMemberPayments(id);
  // The audit trail keeps what staff changed of the account, without its name, e-mail or phone.
  await forgetPerson(id, ANONYMOUS);
  for (const identity of await identityOwners.ids(id)) {
    await IdentityModel.deleteOne({ _id: identity, user: _id });
  }
  await identityOwners.drop(id);

  // The account itself, last: until it is written, its address is still known for the steps above.
  const placeholder = erasedAddress(_id);
  if (user.email !== placeholder) {
    await eraseMessagesFrom(user.email);
    await claimEmail(placeholder, _id, true);
    try {
      await UserModel.updateOne(
        { _id },
        {
          $set: {
            fullName: ANONYMOUS,
            email: placeholder,
            phone: '',
            emailVerified: false,
            isAdmin: false,
            isMonitor: false,
            membership: null,
            membershipReminders: false,
            lessons: [],
          },
          $unset: { passwordHash: 1 },
        },
      );
    } finally {
      await settleEmailChange(_id, user.email, placeholder);
    }
    if (user.isMonitor) await syncTrainer(_id);
  }
  await UserModel.updateOne({ _id }, { $set: { erasureDoneAt: new Date() } });
}

/** Erasures a stopped server left half-way (the `account-erasures` job); how many were finished. */
export async function finishPendingErasures(deps: ErasureDeps): Promise<number> {
  const pending = await UserModel.find({ erasedAt: trusted({ $ne: null }), erasureDoneAt: null }, { _id: 1 }).lean<
    Pick<UserDoc, '_id'>[]
  >();
  for (const { _id } of pending) await finishErasure(deps, _id);
  return pending.length;
}
