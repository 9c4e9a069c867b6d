import mongoose, { trusted, type Types } from 'mongoose';
import type { Logger } from 'pino';
import { MESSAGES } from '@pulso/shared';
import { isDuplicateKeyError } from '../../lib/db';
import { mailAmount, mailDate, type Mailer } from '../../lib/mailer';
import { renewingSubscriptions } from '../payments/subscriptions';
import { UserModel } from './users.model';

/**
 * The membership e-mails of the job runner (src/jobs.ts): a reminder some days before a membership
 * ends (MEMBERSHIP_REMINDER_DAYS, 7 and 1 by default) and a note when it has lapsed.
 *
 * Each is sent once per membership end, however many servers run the job: the right to send it is
 * an insert under `<member>|<end>|<kind>` in `membership_reminders`, which only one writer can make
 * (a unique key, the one primitive every supported engine makes atomic). A send that fails gives the
 * key back, so the next run tries again; a process that dies between the insert and the send leaves
 * that one e-mail unsent. A renewal moves the end, so the new end gets its own reminders. A member
 * who switched them off in their profile gets none.
 */

export const MEMBERSHIP_REMINDERS = 'membership_reminders';

const DAY_MS = 86_400_000;
/** A lapse is told within this long after the end (a server down for longer skips it). */
const LAPSED_WITHIN_MS = 2 * DAY_MS;

interface ReminderDoc {
  _id: string;
  user: Types.ObjectId;
  kind: string;
  end: Date;
  at: Date;
}

const reminders = () => mongoose.connection.collection<ReminderDoc>(MEMBERSHIP_REMINDERS);

export interface ReminderDeps {
  mailer: Mailer;
  gymName: string;
  publicUrl: string;
  /** Days before the end, most first (config.memberships.reminderDays). */
  reminderDays: readonly number[];
  logger?: Pick<Logger, 'warn'>;
}

export type DueReminder = { kind: 'ending'; days: number } | { kind: 'lapsed' };

/**
 * The reminder a membership ending at `end` is due at `now`: the nearest notice whose day has come
 * (with 7 and 1, from 7 days before the end the 7-day one, from 1 day before the 1-day one), or the
 * lapse once it has ended. A notice missed (a server down, a plan bought 3 days before its end) is
 * not sent late: only the nearest one is.
 */
export function dueReminder(end: Date, now: Date, reminderDays: readonly number[]): DueReminder | null {
  const left = end.getTime() - now.getTime();
  if (left <= 0) return left > -LAPSED_WITHIN_MS ? { kind: 'lapsed' } : null;
  const due = reminderDays.filter((days) => left <= days * DAY_MS);
  return due.length > 0 ? { kind: 'ending', days: Math.min(...due) } : null;
}

/** Sends the reminders due at `now`; returns how many were sent. */
export async function sendMembershipReminders(deps: ReminderDeps, now = new Date()): Promise<number> {
  if (deps.reminderDays.length === 0) return 0;
  const longest = Math.max(...deps.reminderDays) * DAY_MS;
  const members = await UserModel.find(
    {
      deletedAt: null,
      'membership.end': trusted({
        $gt: new Date(now.getTime() - LAPSED_WITHIN_MS),
        $lte: new Date(now.getTime() + longest),
      }),
    },
    { fullName: 1, email: 1, membership: 1, membershipReminders: 1, subscription: 1 },
  ).lean();
  // Members whose plan renews by itself are told of the charge instead of the end.
  const renewing = await renewingSubscriptions(members.map((m) => m.subscription).filter((id): id is string => !!id));
  const base = deps.publicUrl.replace(/\/$/, '');
  const m = MESSAGES.memberships;
  let sent = 0;
  for (const member of members) {
    const { membership } = member;
    if (!membership || member.membershipReminders === false) continue;
    const due = dueReminder(membership.end, now, deps.reminderDays);
    if (!due) continue;
    // A failed renewal's grace is running: the renewal's own e-mails speak (and its lapse, if it comes).
    if (membership.graceUntil && membership.graceUntil > now) continue;
    const live = member.subscription ? renewing.get(member.subscription) : undefined;
    // A renewal that will charge at this end: one notice before it, at the first reminder's day.
    const renewal = live && live.paidThrough.getTime() === membership.end.getTime() ? live : undefined;
    if (renewal && (due.kind !== 'ending' || due.days !== Math.max(...deps.reminderDays))) continue;
    // A live renewal never lapses here: it renews, or its own dunning and lapse speak.
    if (live && due.kind === 'lapsed') continue;
    const kind = renewal ? 'renewing' : due.kind === 'ending' ? `ending-${due.days}` : 'lapsed';
    const _id = `${member._id.toString()}|${membership.end.toISOString()}|${kind}`;
    try {
      await reminders().insertOne({ _id, user: member._id, kind, end: membership.end, at: now });
    } catch (error) {
      if (isDuplicateKeyError(error)) continue; // sent, or being sent, by this or another server
      throw error;
    }
    const date = mailDate(membership.end);
    // Counted in the calendar days the date is written in (mailDate: UTC), so that a membership
    // ending later today is not said to end tomorrow.
    const dayOf = (instant: Date) => Math.floor(instant.getTime() / DAY_MS);
    const daysLeft = Math.max(0, dayOf(membership.end) - dayOf(now));
    const s = MESSAGES.subscriptions;
    const mail = renewal
      ? {
          subject: s.renewingSubject(deps.gymName, renewal.planName, date),
          text: s.renewingText(member.fullName, renewal.planName, mailAmount(renewal.amount, renewal.currency), date),
        }
      : due.kind === 'ending'
        ? {
            subject: m.endingSubject(deps.gymName, membership.name, date),
            text: m.endingText(member.fullName, membership.name, date, daysLeft),
          }
        : {
            subject: m.lapsedSubject(deps.gymName, membership.name),
            text: m.lapsedText(member.fullName, membership.name, date),
          };
    try {
      await deps.mailer.send({
        to: member.email,
        subject: mail.subject,
        text: [mail.text, '', m.seePlans(`${base}/#planes`), m.optOut(`${base}/profile`)].join('\n'),
      });
      sent += 1;
    } catch (error) {
      // Given back: the next run sends it.
      await reminders()
        .deleteOne({ _id })
        .catch(() => undefined);
      deps.logger?.warn(
        { err: error instanceof Error ? error.message : String(error) },
        'membership reminder not sent',
      );
    }
  }
  return sent;
}
