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

/** A membership as stored: its span, the plan of its latest purchase, and its periods. */
export interface MembershipSpan<Id = string> {
  planId: Id;
  name: string;
  start: Date;
  end: Date;
  periods?: MembershipPeriod<Id>[] | null;
}

export type PurchaseKind = 'new' | 'renewal' | 'change';

/** A period as the API and the browser keep it: dates as ISO strings. */
export interface IsoPeriod {
  planId: string;
  name: string;
  start: string;
  end: string;
}

/** A membership as the API and the browser keep it. */
export interface IsoMembership extends IsoPeriod {
  periods?: IsoPeriod[] | null;
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
  if (!running) {
    const period = { planId: plan.id, name: plan.name, start: paidAt, end: addMonths(paidAt, plan.duration) };
    return { kind: 'new', period, membership: { ...period, periods: [period] }, before: null };
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
    membership: { planId: plan.id, name: plan.name, start: running.start, end: period.end, periods: after },
    before: last,
  };
}

const datedPeriod = (p: IsoPeriod): MembershipPeriod => ({
  planId: p.planId,
  name: p.name,
  start: new Date(p.start),
  end: new Date(p.end),
});

/** An ISO-dated membership (the API's `membresia`, the mock's record) as the rule takes it. */
export function datedMembership(membership: IsoMembership): MembershipSpan {
  return { ...datedPeriod(membership), periods: membership.periods?.map(datedPeriod) };
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
  return { ...isoPeriod(membership), periods: membership.periods?.map(isoPeriod) };
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
  /** A pause: from when and until when the membership is frozen. */
  pausedFrom?: Date | null;
  pausedUntil?: Date | null;
}

/**
 * The state of a membership at `now` (issue 23, item 8), derived from its dates alone:
 * 'Pausada' while a pause runs, 'Pago pendiente' after its end while a failed renewal's grace runs,
 * 'Vencida' once it ended, and 'Activo' otherwise (also a membership paid and not started yet). The
 * spec's 'Activo'/'Inactivo' (`status`, `statusMembershipIdStatus`) keep meaning whether it gives
 * access now.
 */
export function membershipState(m: MembershipClock, now: Date): MembershipState {
  if (m.pausedFrom && m.pausedUntil && m.pausedFrom <= now && now < m.pausedUntil) return 'Pausada';
  if (now > m.end) return m.graceUntil && now <= m.graceUntil ? 'Pago pendiente' : 'Vencida';
  return 'Activo';
}
