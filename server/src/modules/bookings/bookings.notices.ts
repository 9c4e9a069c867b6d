import mongoose, { Types } from 'mongoose';
import type { Logger } from 'pino';
import { lessonName as canonicalName, sessionDayLabel, type SessionNotice } from '@pulso/shared';
import type { AppContext } from '../../lib/context';
import { isDuplicateKeyError } from '../../lib/db';
import { claimLease, type Lease } from '../../lib/jobs';
import type { Mail } from '../../lib/mailer';
import { findUserEmail, userName } from '../users/users.service';

/**
 * The e-mails owed to members about their sessions: a place that came to them from the waitlist, a
 * session cancelled by the gym. The rules leave a notice in the session's document (its state,
 * written under the session's lock); the engine then inserts one message per notice here,
 * `booking_notices/<sessionId>|<noticeId>`, an insert that only one writer can make, so a notice
 * becomes one message however many times its batch is retried. Each message is sent by whoever
 * claims it first (the request that freed the place, right after answering, or the
 * `booking-notices` job for those left pending), and marked sent.
 */

export const BOOKING_NOTICES = 'booking_notices';

export interface NoticeDoc {
  _id: string;
  session: string;
  member: Types.ObjectId;
  kind: SessionNotice['kind'];
  lessonName: string;
  /** The session's local start (`YYYY-MM-DDTHH:mm`). */
  start: string;
  /** Why the gym cancelled the session ('' for other notices). */
  reason: string;
  status: 'pending' | 'sent';
  attempts: number;
  lastError: string;
  createdAt: Date;
  sentAt: Date | null;
}

const notices = () => mongoose.connection.collection<NoticeDoc>(BOOKING_NOTICES);

/** Gives up on a message after this many failed sends. */
const MAX_ATTEMPTS = 10;
const LEASE_MS = 2 * 60_000;
/** Sent messages are kept this long (what was sent to whom), then purged by the job. */
const KEEP_SENT_MS = 30 * 86_400_000;

export const noticeId = (sessionId: string, notice: Pick<SessionNotice, 'id'>) => `${sessionId}|${notice.id}`;

/** Stores one message per new notice of a session (a notice already stored is left as it is). */
export async function storeNotices(
  session: { id: string; lessonName: string; start: string; reason: string },
  fresh: readonly SessionNotice[],
): Promise<string[]> {
  const ids: string[] = [];
  for (const notice of fresh) {
    const _id = noticeId(session.id, notice);
    try {
      await notices().insertOne({
        _id,
        session: session.id,
        member: new Types.ObjectId(notice.member),
        kind: notice.kind,
        lessonName: session.lessonName,
        start: session.start,
        reason: notice.kind === 'promoted' ? '' : session.reason,
        status: 'pending',
        attempts: 0,
        lastError: '',
        createdAt: notice.at,
        sentAt: null,
      });
    } catch (error) {
      if (!isDuplicateKeyError(error)) throw error;
    }
    ids.push(_id);
  }
  return ids;
}

/**
 * How a request (or a job) sends the booking e-mails its change left: each one right away, after the
 * change, never failing it (a message not sent stays pending for the `booking-notices` job).
 */
export function noticeDelivery(ctx: AppContext, logger: Pick<Logger, 'warn'>): { send(ids: readonly string[]): void } {
  return {
    send: (ids) => {
      for (const id of ids) void deliverNotice(ctx, id, logger);
    },
  };
}

/** 'el lunes 7 de enero a las 18:00' for a local start `YYYY-MM-DDTHH:mm`. */
function when(start: string): string {
  const day = sessionDayLabel(start.slice(0, 10));
  return `el ${day.charAt(0).toLowerCase()}${day.slice(1)} a las ${start.slice(11, 16)}`;
}

/** The e-mail of a notice (exported for its tests). */
export function noticeMail(ctx: Pick<AppContext, 'config'>, doc: NoticeDoc, to: string, name: string | null): Mail {
  const { gymName, publicUrl } = ctx.config;
  const hello = name ? `Hola ${name},` : 'Hola,';
  const page = `${publicUrl}/clases/${encodeURIComponent(canonicalName(doc.lessonName))}`;
  if (doc.kind === 'promoted') {
    return {
      to,
      subject: `${gymName}: tienes lugar en ${doc.lessonName}`,
      text: [
        hello,
        '',
        // A wider wait's place (bookings.wishes.ts: notice `wish:<id>`) came from no waitlist of this session.
        doc._id.startsWith(`${doc.session}|wish:`)
          ? `Se liberó un lugar en ${doc.lessonName} ${when(doc.start)}, que encaja con la franja que esperabas, y ya es tuyo: tu reserva está confirmada.`
          : `Se liberó un lugar en ${doc.lessonName} ${when(doc.start)} y ya es tuyo: pasaste de la lista de espera a tener tu reserva confirmada.`,
        '',
        `Si no puedes asistir, cancela tu reserva para que otra persona pueda usar el lugar: ${page}`,
        '',
        gymName,
      ].join('\n'),
    };
  }
  if (doc.kind === 'schedule-changed') {
    return {
      to,
      subject: `${gymName}: ${doc.lessonName} cambia de horario`,
      text: [
        hello,
        '',
        `La clase ${doc.lessonName} cambia de horario: ${doc.reason}.`,
        doc.start
          ? `Tu reserva ${when(doc.start)} se mantiene en su día y hora; las siguientes sesiones siguen el horario nuevo.`
          : 'Tus lugares en la clase siguen el horario nuevo.',
        '',
        `Revisa las sesiones de la clase aquí: ${page}`,
        '',
        gymName,
      ].join('\n'),
    };
  }
  return {
    to,
    subject: `${gymName}: se canceló ${doc.lessonName} ${when(doc.start)}`,
    text: [
      hello,
      '',
      `La sesión de ${doc.lessonName} ${when(doc.start)} fue cancelada por el gimnasio. Tu reserva queda sin efecto.`,
      ...(doc.reason ? [`Motivo: ${doc.reason}`] : []),
      '',
      `Puedes reservar otra sesión de la clase aquí: ${page}`,
      '',
      gymName,
    ].join('\n'),
  };
}

/**
 * Sends one message, once: claimed first, then read again (a process that sent it and died before
 * marking its lease left it sent). A failure leaves it pending for the job. Never rejects.
 */
export async function deliverNotice(ctx: AppContext, id: string, logger: Pick<Logger, 'warn'>): Promise<boolean> {
  let lease: Lease | null = null;
  try {
    lease = await claimLease(`booking-notice:${id}`, { leaseMs: LEASE_MS });
    if (!lease) return false;
    const doc = (await notices().findOne({ _id: id })) as NoticeDoc | null;
    if (!doc || doc.status !== 'pending') {
      await lease.finish();
      return false;
    }
    const to = await findUserEmail(doc.member);
    if (!to) {
      // The account is gone or suspended: nobody to tell.
      await notices().updateOne({ _id: id }, { $set: { status: 'sent', sentAt: null, lastError: 'no account' } });
      await lease.finish();
      return false;
    }
    try {
      await ctx.mailer.send(noticeMail(ctx, doc, to, await userName(doc.member)));
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      await notices().updateOne({ _id: id }, { $set: { lastError: reason.slice(0, 500) }, $inc: { attempts: 1 } });
      logger.warn({ notice: id, err: reason }, 'booking e-mail not sent; kept for retry');
      await lease.release();
      return false;
    }
    await notices().updateOne(
      { _id: id },
      { $set: { status: 'sent', sentAt: new Date(), lastError: '' }, $inc: { attempts: 1 } },
    );
    await lease.finish();
    return true;
  } catch (error) {
    logger.warn({ notice: id, err: error }, 'booking e-mail interrupted; kept for retry');
    return false;
  }
}

/**
 * The `booking-notices` job: sends the messages left pending (by a failed send or a process that
 * stopped) and purges those sent long ago. Not on a request path: it reads the collection, which
 * holds a month of messages.
 */
export async function sendPendingNotices(ctx: AppContext, logger: Pick<Logger, 'warn'>): Promise<number> {
  const pending = await notices()
    .find({ status: 'pending', attempts: { $lt: MAX_ATTEMPTS } }, { projection: { _id: 1 } })
    .limit(200)
    .toArray();
  let sent = 0;
  for (const { _id } of pending) if (await deliverNotice(ctx, _id, logger)) sent += 1;
  await notices().deleteMany({ status: 'sent', createdAt: { $lt: new Date(Date.now() - KEEP_SENT_MS) } });
  return sent;
}
