import { MESSAGES } from '../validation/messages';

/**
 * What a purchase does to a membership, the one rule the server applies when a payment is confirmed
 * and the plan page shows before paying (issue 23, item 1):
 *
 * - no membership running: the plan starts at the payment, for its months ('new');
 * - the same plan as the one the membership ends with: its months are added at the end ('renewal');
 * - another plan: it starts when the current membership ends ('change'); what was already paid
 *   keeps its dates and its plan.
 *
 * A membership is one span of days covered without a gap (`start` to `end`: access and status go by
 * it) made of the periods paid for, in order. Records from before periods were kept have none: the
 * span is then its one period.
 */

/** A plan's stretch of a membership: from its start to its end. */
export interface MembershipPeriod<Id = string> {
  planId: Id;
  name: string;
  start: Date;
  end: Date;
}

/** A pause (freeze) of a membership: no access from `from` until `until`, and its end moved by as much. */
export interface MembershipPause {
  from: Date;
  until: Date;
}

/** A membership as stored: its span, the plan of its latest purchase, its periods and its pauses. */
export interface MembershipSpan<Id = string> {
  planId: Id;
  name: string;
  start: Date;
  end: Date;
  periods?: MembershipPeriod<Id>[] | null;
  /** Its pauses, oldest first (those of the last year at least: the yearly count reads them). */
  pauses?: MembershipPause[] | null;
}

export type PurchaseKind = 'new' | 'renewal' | 'change';

/** A period as the API and the browser keep it: dates as ISO strings. */
export interface IsoPeriod {
  planId: string;
  name: string;
  start: string;
  end: string;
}

/** A pause as the API and the browser keep it. */
export interface IsoPause {
  from: string;
  until: string;
}

/** A membership as the API and the browser keep it. */
export interface IsoMembership extends IsoPeriod {
  periods?: IsoPeriod[] | null;
  pauses?: IsoPause[] | null;
}

export interface PurchaseOutcome<Id = string> {
  kind: PurchaseKind;
  /** The days this purchase pays for. */
  period: MembershipPeriod<Id>;
  /** The membership after it. */
  membership: MembershipSpan<Id> & { periods: MembershipPeriod<Id>[] };
  /** The plan running until the new period starts (a renewal or a change), else null. */
  before: MembershipPeriod<Id> | null;
}

/** `date` plus `months` calendar months (the server's and the browser's clocks agree on this). */
export function addMonths(date: Date, months: number): Date {
  const end = new Date(date);
  end.setMonth(end.getMonth() + months);
  return end;
}

/** The periods of a membership, oldest first (a record without them is one period). */
export function periodsOf<Id>(membership: MembershipSpan<Id>): MembershipPeriod<Id>[] {
  if (membership.periods && membership.periods.length > 0) return membership.periods;
  const { planId, name, start, end } = membership;
  return [{ planId, name, start, end }];
}

/** The period running at `now`: the first one before the membership starts, the last one after it ended. */
export function currentPeriod<Id>(membership: MembershipSpan<Id>, now: Date): MembershipPeriod<Id> {
  const periods = periodsOf(membership);
  const running = periods.find((p) => p.start <= now && now < p.end);
  if (running) return running;
  return now < (periods[0] as MembershipPeriod<Id>).start
    ? (periods[0] as MembershipPeriod<Id>)
    : (periods.at(-1) as MembershipPeriod<Id>);
}

/**
 * The membership after buying `plan` at `paidAt` (see the rule above). `samePlan` compares plan
 * ids (ObjectIds on the server, strings in the browser).
 */
export function membershipAfterPurchase<Id>(
  current: MembershipSpan<Id> | null | undefined,
  plan: { id: Id; name: string; duration: number },
  paidAt: Date,
  samePlan: (a: Id, b: Id) => boolean = (a, b) => a === b,
): PurchaseOutcome<Id> {
  const running = current && current.end > paidAt ? current : null;
  const pauses = keptPauses(current?.pauses, paidAt);
  if (!running) {
    const period = { planId: plan.id, name: plan.name, start: paidAt, end: addMonths(paidAt, plan.duration) };
    return { kind: 'new', period, membership: { ...period, periods: [period], ...pauses }, before: null };
  }
  const periods = periodsOf(running);
  const last = periods.at(-1) as MembershipPeriod<Id>;
  const period = { planId: plan.id, name: plan.name, start: running.end, end: addMonths(running.end, plan.duration) };
  const renewal = samePlan(last.planId, plan.id);
  // A renewal lengthens the plan's last period; another plan follows it.
  const after = renewal ? [...periods.slice(0, -1), { ...last, end: period.end }] : [...periods, period];
  return {
    kind: renewal ? 'renewal' : 'change',
    period,
    membership: { planId: plan.id, name: plan.name, start: running.start, end: period.end, periods: after, ...pauses },
    before: last,
  };
}

const DAY_MS = 86_400_000;
const YEAR_MS = 365 * DAY_MS;

/** The pauses a membership keeps at `now`: those that ended less than a year ago (the yearly count). */
function keptPauses(pauses: readonly MembershipPause[] | null | undefined, now: Date): { pauses?: MembershipPause[] } {
  const kept = (pauses ?? []).filter((p) => p.until.getTime() > now.getTime() - YEAR_MS);
  return kept.length > 0 ? { pauses: kept } : {};
}

const datedPause = (p: IsoPause): MembershipPause => ({ from: new Date(p.from), until: new Date(p.until) });
const isoPause = (p: MembershipPause): IsoPause => ({ from: p.from.toISOString(), until: p.until.toISOString() });

const datedPeriod = (p: IsoPeriod): MembershipPeriod => ({
  planId: p.planId,
  name: p.name,
  start: new Date(p.start),
  end: new Date(p.end),
});

/** An ISO-dated membership (the API's `membresia`, the mock's record) as the rule takes it. */
export function datedMembership(membership: IsoMembership): MembershipSpan {
  return {
    ...datedPeriod(membership),
    periods: membership.periods?.map(datedPeriod),
    ...(membership.pauses ? { pauses: membership.pauses.map(datedPause) } : {}),
  };
}

/** A period with ISO dates. */
export const isoPeriod = (p: MembershipPeriod): IsoPeriod => ({
  planId: p.planId,
  name: p.name,
  start: p.start.toISOString(),
  end: p.end.toISOString(),
});

/** The rule's membership back with ISO dates. */
export function isoMembership(membership: MembershipSpan): IsoMembership {
  return {
    ...isoPeriod(membership),
    periods: membership.periods?.map(isoPeriod),
    ...(membership.pauses ? { pauses: membership.pauses.map(isoPause) } : {}),
  };
}

/**
 * What a purchase does, in the words of /pagos/{id} and the receipt (MESSAGES.payments.purchaseRule),
 * with dates as `day` writes them.
 */
export function purchaseRuleText(
  { kind, period, before }: { kind: PurchaseKind; period: { start: Date; end: Date }; before: { name: string } | null },
  plan: string,
  day: (date: Date) => string,
): string {
  const rule = MESSAGES.payments.purchaseRule;
  if (kind === 'renewal') return rule.renewal(plan, day(period.start), day(period.end));
  if (kind === 'change' && before) return rule.change(before.name, plan, day(period.start), day(period.end));
  return rule.new(plan, day(period.end));
}

/** What a membership is at a moment, as the profile, the users table, the calendar and the API say it. */
export const MEMBERSHIP_STATES = ['Activo', 'Pausada', 'Vencida', 'Pago pendiente'] as const;
export type MembershipState = (typeof MEMBERSHIP_STATES)[number];

/** The dates a membership's state is derived from (the stored ones, or the API's as dates). */
export interface MembershipClock {
  start: Date;
  end: Date;
  /** A failed renewal's charge: access is kept until then while the card is updated. */
  graceUntil?: Date | null;
  /** Its pauses: frozen from each one's `from` until its `until`. */
  pauses?: readonly MembershipPause[] | null;
}

/** The pause running at `now`, if any. */
export const pauseAt = (pauses: readonly MembershipPause[] | null | undefined, now: Date) =>
  (pauses ?? []).find((p) => p.from <= now && now < p.until) ?? null;

/**
 * Whether the gym date `date` is inside one of the pauses (ISO-dated, as the API gives them): its
 * noon (UTC) is, which lies between the gym's midnights of that date and the next in any zone within
 * twelve hours of UTC.
 */
export const pausedOnDate = (pauses: readonly IsoPause[] | null | undefined, date: string) => {
  const noon = Date.parse(`${date}T12:00:00Z`);
  return (pauses ?? []).some((p) => Date.parse(p.from) <= noon && noon < Date.parse(p.until));
};

/** The pause running at `now`, else the next one to come (what the profile tells), if any. */
export const currentOrNextPause = (pauses: readonly MembershipPause[] | null | undefined, now: Date) =>
  pauseAt(pauses, now) ?? [...(pauses ?? [])].filter((p) => p.from > now).sort((a, b) => +a.from - +b.from)[0] ?? null;

/**
 * The state of a membership at `now` (issue 23, item 8), derived from its dates alone:
 * 'Pausada' while a pause runs, 'Pago pendiente' after its end while a failed renewal's grace runs,
 * 'Vencida' once it ended, and 'Activo' otherwise (also a membership paid and not started yet). The
 * spec's 'Activo'/'Inactivo' (`status`, `statusMembershipIdStatus`) keep meaning whether it gives
 * access now.
 */
export function membershipState(m: MembershipClock, now: Date): MembershipState {
  if (pauseAt(m.pauses, now)) return 'Pausada';
  if (now > m.end) return m.graceUntil && now <= m.graceUntil ? 'Pago pendiente' : 'Vencida';
  return 'Activo';
}

// ---------------------------------------------------------------------------------------------
// Pauses (issue 23, item 4).

/** The chain's rules for a member's own pauses (PAUSE_* settings); staff skip the notice and the yearly count. */
export interface PauseRules {
  minDays: number;
  maxDays: number;
  /** Pauses a member may start in any 365 days (0: members cannot pause their own). */
  perYear: number;
  /** Days ahead a member asks: the pause starts that many days after today at the earliest. */
  noticeDays: number;
}

/** A pause asked for: its first gym date and its days, and the instants they are at the gym. */
export interface PauseRequest {
  /** The first paused day (`YYYY-MM-DD`, the gym's date). */
  fromDate: string;
  days: number;
  /** The start of `fromDate` and of the day after the last paused one, at the gym. */
  from: Date;
  until: Date;
}

/**
 * The pauses that start less than 365 days before or after `at`: a member may start `perYear` in
 * any 365 days, so a pause asked for before one already planned counts that one too.
 */
export const pausesWithinAYearOf = (pauses: readonly MembershipPause[] | null | undefined, at: Date) =>
  (pauses ?? []).filter((p) => Math.abs(p.from.getTime() - at.getTime()) < YEAR_MS).length;

/** The first day a pause may start: today for staff, after the notice for a member. */
export const earliestPauseDate = (today: string, rules: PauseRules, byStaff: boolean) =>
  byStaff ? today : addDaysIso(today, rules.noticeDays);

const addDaysIso = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/**
 * Why a pause cannot be taken (in the words the member reads), or null when it can: the membership
 * must run when the pause starts, the pause last the chain's minimum to maximum days, start today or
 * later (after the notice, for a member) and not overlap another pause; a member may start
 * `perYear` pauses in any 365 days. `today` is the gym's date now.
 */
export function pauseRefusal(
  membership: MembershipSpan<unknown> | null | undefined,
  request: PauseRequest,
  rules: PauseRules,
  today: string,
  byStaff: boolean,
): string | null {
  const m = MESSAGES.pauses;
  if (!byStaff && rules.perYear === 0) return m.disabled;
  if (!Number.isInteger(request.days) || request.days < rules.minDays || request.days > rules.maxDays) {
    return m.duration(rules.minDays, rules.maxDays);
  }
  if (request.fromDate < today) return m.past;
  if (request.fromDate < earliestPauseDate(today, rules, byStaff)) return m.notice(rules.noticeDays);
  if (!membership || membership.end <= request.from) return m.noMembership;
  // A membership bought today may be paused from today; one paid ahead, once it has started.
  if (membership.start.getTime() >= request.from.getTime() + DAY_MS) return m.notStarted;
  const pauses = membership.pauses ?? [];
  if (pauses.some((p) => p.from < request.until && request.from < p.until)) return m.overlap;
  if (!byStaff && pausesWithinAYearOf(pauses, request.from) >= rules.perYear) return m.perYear(rules.perYear);
  return null;
}

/**
 * The membership after a pause (checked by pauseRefusal): its end and every period from the pause on
 * move by the paused time, the period running when it starts stretches by as much, and the pause is
 * kept with the others.
 */
export function membershipAfterPause<Id>(
  membership: MembershipSpan<Id>,
  pause: MembershipPause,
): MembershipSpan<Id> & { periods: MembershipPeriod<Id>[]; pauses: MembershipPause[] } {
  const shift = pause.until.getTime() - pause.from.getTime();
  const moved = (d: Date) => new Date(d.getTime() + shift);
  // The period running when it starts (or the first one, started on its first day) stretches.
  const periods = periodsOf(membership).map((p) => {
    if (p.end <= pause.from) return p;
    if (p.start >= pause.from && p.start > membership.start) return { ...p, start: moved(p.start), end: moved(p.end) };
    return { ...p, end: moved(p.end) };
  });
  const pauses = [...(membership.pauses ?? []), { from: pause.from, until: pause.until }].sort(
    (a, b) => a.from.getTime() - b.from.getTime(),
  );
  return { ...membership, end: moved(membership.end), periods, pauses };
}

/**
 * The membership after a payment is refunded (issue 24, item 2): it loses the days of that payment
 * not used yet, from the later of its start and `now` to its end, as if they were cut out of the
 * timeline (an inverse pause): whatever came after them (a plan bought later, a pause planned) moves
 * back by as much, so no later payment loses a day. The payment's days are `paid` as sold, moved by
 * the pauses taken inside them or after their start. `days`: how many whole days it lost.
 */
export function membershipAfterRefund<Id>(
  membership: MembershipSpan<Id>,
  paid: { start: Date; end: Date },
  now: Date,
): { membership: MembershipSpan<Id> & { periods: MembershipPeriod<Id>[]; pauses: MembershipPause[] }; days: number } {
  // Where the payment's days are now: the pauses from its start on move or stretch them.
  let start = paid.start.getTime();
  let end = paid.end.getTime();
  for (const pause of [...(membership.pauses ?? [])].sort((a, b) => a.from.getTime() - b.from.getTime())) {
    const from = pause.from.getTime();
    const length = pause.until.getTime() - from;
    if (from < paid.start.getTime()) continue;
    if (from <= start) {
      start += length;
      end += length;
    } else if (from < end) end += length;
  }
  const cutFrom = Math.max(start, now.getTime());
  const cut = Math.max(0, end - cutFrom);
  const moved = (d: Date) => {
    const t = d.getTime();
    return new Date(t <= cutFrom ? t : t >= end ? t - cut : cutFrom);
  };
  const periods = periodsOf(membership)
    .map((p) => ({ ...p, start: moved(p.start), end: moved(p.end) }))
    .filter((p, i, all) => p.end > p.start || (i === all.length - 1 && all.every((q) => q.end <= q.start)));
  const pauses = (membership.pauses ?? [])
    .map((p) => ({ from: moved(p.from), until: moved(p.until) }))
    .filter((p) => p.until > p.from);
  const last = periods[periods.length - 1] ?? { planId: membership.planId, name: membership.name };
  return {
    membership: {
      ...membership,
      planId: last.planId,
      name: last.name,
      start: moved(membership.start),
      end: moved(membership.end),
      periods,
      pauses,
    },
    days: Math.round(cut / 86_400_000),
  };
}
