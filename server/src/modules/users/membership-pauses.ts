import { Types } from 'mongoose';
import type { Logger } from 'pino';
import {
  addDays,
  ERROR_CODES,
  membershipAfterPause,
  MESSAGES,
  pauseRefusal,
  receiptDate,
  type MembershipDto,
  type PauseRequest,
} from '@pulso/shared';
import type { AppContext } from '../../lib/context';
import { gymDate, gymInstant } from '../../lib/gym-time';
import { HttpError } from '../../lib/http-error';
import { objectIdOrNull } from '../../lib/object-id';
import { membershipEndMoved, pauseBookings } from '../bookings/bookings.service';
import { noticeDelivery } from '../bookings/bookings.notices';
import { offerFreedPlaces } from '../bookings/bookings.wishes';
import { StripePaymentProvider } from '../payments/stripe-provider';
import { pauseRenewal } from '../payments/subscriptions';
import { MembershipLinkModel, type MembershipLinkDoc } from './membership.model';
import { addLink, syncMembership } from './membership.service';
import { toMembershipDto } from './users.mapper';
import { UserModel, type UserDoc } from './users.model';

/**
 * Pausing (freezing) a membership (issue 23, item 4). A pause is a step of the member's membership
 * chain (membership.service.ts `addLink`, under the key `pause:<id>`), so it is decided against the
 * membership as it stands after every other step, however many are taken at once on however many
 * servers: the chain's rules (shared `pauseRefusal`: the PAUSE_* settings; staff skip the notice
 * and the yearly count) are checked against the link before it, and the membership after it is the
 * shared `membershipAfterPause` (its end, and every period from the pause on, move by the paused
 * days). While it runs the membership gives no access ('Pausada').
 *
 * Its consequences follow the link, each of them safe to run again: the member's places and waits
 * in the sessions of the paused dates are given up (the waitlist moves up; bookings.service
 * `pauseBookings`), their standing places end with the membership's new end, and a renewing plan is
 * charged that much later. The link is marked `pending` until they are all done; the
 * `membership-pauses` job finishes those a stopped server left.
 */

export interface PauseDeps {
  ctx: AppContext;
  logger: Pick<Logger, 'warn' | 'debug'>;
}

export interface PauseInput {
  from: string;
  days: number;
}

/** A pause's key in the member's chain. */
const pauseKey = () => `pause:${new Types.ObjectId().toString()}`;

/** A gym date ('2026-12-01') as the answers write dates: '01/12/2026'. */
const dayText = (date: string) => receiptDate(new Date(`${date}T00:00:00Z`));

/**
 * Pauses the member's membership from `input.from` (a gym date) for `input.days` days. `byStaff`:
 * an admin pauses it (no notice, no yearly count). Answers what it did, in Spanish, and the
 * membership after it; 409 PAUSE_REFUSED with the rule's words when the chain's rules refuse it.
 */
export async function pauseMembership(
  deps: PauseDeps,
  userId: string,
  input: PauseInput,
  by: { id: string; isAdmin: boolean },
  now = new Date(),
): Promise<{ message: string; membresia: MembershipDto; freed: string[] }> {
  const { config } = deps.ctx;
  const timeZone = config.bookings.timeZone;
  const rules = config.memberships.pauses;
  const _id = objectIdOrNull(userId);
  if (!_id) throw HttpError.invalidId();
  const user = await UserModel.findById(_id, { deletedAt: 1 }).lean<UserDoc>();
  if (!user || user.deletedAt) throw new HttpError(404, ERROR_CODES.NOT_FOUND, MESSAGES.users.notFound);

  const request: PauseRequest = {
    fromDate: input.from,
    days: input.days,
    from: gymInstant(`${input.from}T00:00`, timeZone),
    until: gymInstant(`${addDays(input.from, input.days)}T00:00`, timeZone),
  };
  const today = gymDate(now, timeZone);
  const key = pauseKey();
  const link = await addLink(_id, key, (current, linkId, seq): MembershipLinkDoc => {
    const refusal = pauseRefusal(current, request, rules, today, by.isAdmin);
    if (refusal || !current)
      throw new HttpError(409, ERROR_CODES.PAUSE_REFUSED, refusal ?? MESSAGES.pauses.noMembership);
    const after = membershipAfterPause(current, { from: request.from, until: request.until });
    return {
      _id: linkId,
      user: _id,
      seq,
      payment: key,
      result: {
        planId: after.planId,
        name: after.name,
        start: after.start,
        end: after.end,
        periods: after.periods,
        pauses: after.pauses,
      },
      kind: 'pause',
      pause: {
        from: request.from,
        until: request.until,
        fromDate: request.fromDate,
        days: request.days,
        by: new Types.ObjectId(by.id),
        byStaff: by.isAdmin,
      },
      pending: true,
      at: now,
    };
  });
  if (!link) throw new HttpError(404, ERROR_CODES.NOT_FOUND, MESSAGES.users.notFound);
  // The pause is taken: what follows it is finished by the job if it fails here, and the member is
  // told it is paused either way (asking again would be refused as overlapping).
  let freed: string[] = [];
  try {
    freed = await finishPause(deps, link, now);
  } catch (error) {
    deps.logger.warn(
      { err: error instanceof Error ? error.message : String(error), link: link._id },
      'pause taken; the membership-pauses job finishes what follows it',
    );
  }

  const after = await UserModel.findById(_id, { membership: 1 }).lean<UserDoc>();
  const membresia = toMembershipDto(after?.membership ?? null, now);
  if (!membresia) throw new Error(`member ${userId} has no membership after a pause`);
  const lastDay = addDays(input.from, input.days - 1);
  return {
    message: MESSAGES.pauses.paused(dayText(input.from), dayText(lastDay), receiptDate(new Date(membresia.end))),
    membresia,
    freed,
  };
}

/**
 * The pause's consequences (each may run again and does nothing twice), then the link's mark.
 * Answers the sessions in which a place was freed (they may go to wider waits).
 */
export async function finishPause(deps: PauseDeps, link: MembershipLinkDoc, now = new Date()): Promise<string[]> {
  if (!link.pause) return [];
  let freed: string[] = [];
  // The member shows the chain's last link first (a stop before that left them on the one before).
  await syncMembership(link.user);
  const { ctx } = deps;
  const rules = ctx.config.bookings;
  const member = link.user;
  const user = await UserModel.findById(member, { lessons: 1, membership: 1 }).lean<UserDoc>();
  if (user) {
    const schedule = (user.lessons ?? []).map(String);
    const delivery = noticeDelivery(ctx, deps.logger);
    const { fromDate, days } = link.pause;
    const window = { from: fromDate, until: addDays(fromDate, days - 1) };
    freed = await pauseBookings(member, schedule, window, rules, delivery, now);
    // The standing places last as long as the membership now does.
    await membershipEndMoved(member, schedule, user.membership?.end ?? null);
    const stripe = ctx.payments instanceof StripePaymentProvider ? ctx.payments.client : undefined;
    await pauseRenewal(member, link.payment, link.pause, stripe);
  }
  await MembershipLinkModel.updateOne({ _id: link._id }, { $unset: { pending: 1 } });
  return freed;
}

/** Pauses taken more than this long ago whose consequences are not all done were cut short. */
const STALE_MS = 60_000;

/** A pause whose consequences failed this many times is left to be looked at (its warnings say why). */
const MAX_ATTEMPTS = 20;

/**
 * The `membership-pauses` job: finishes the pauses a stopped server left half-done, oldest first,
 * and offers the places they freed to wider waits; how many were finished.
 */
export async function finishPendingPauses(deps: PauseDeps, now = new Date()): Promise<number> {
  const pending = await MembershipLinkModel.find({ pending: true })
    .sort({ at: 1 })
    .limit(100)
    .lean<(MembershipLinkDoc & { attempts?: number })[]>();
  const rules = deps.ctx.config.bookings;
  const delivery = noticeDelivery(deps.ctx, deps.logger);
  let finished = 0;
  for (const link of pending) {
    if (link.at.getTime() > now.getTime() - STALE_MS || (link.attempts ?? 0) >= MAX_ATTEMPTS) continue;
    try {
      const freed = await finishPause(deps, link, now);
      for (const id of freed) await offerFreedPlaces(id, rules, delivery, deps.logger);
      finished += 1;
    } catch (error) {
      await MembershipLinkModel.updateOne({ _id: link._id }, { $inc: { attempts: 1 } });
      deps.logger.warn(
        { err: error instanceof Error ? error.message : String(error), link: link._id },
        'pause not finished',
      );
    }
  }
  return finished;
}
