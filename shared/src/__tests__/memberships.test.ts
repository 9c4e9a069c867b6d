import { describe, expect, test } from 'vitest';
import {
  currentOrNextPause,
  currentPeriod,
  membershipAfterPause,
  membershipAfterPurchase,
  membershipAfterRefund,
  membershipState,
  pauseRefusal,
  periodsOf,
  type MembershipSpan,
  type PauseRequest,
} from '../memberships';
import { MESSAGES } from '../validation/messages';

const at = (iso: string) => new Date(`${iso}T10:00:00.000Z`);
const PLUS = { id: 'plus', name: 'Plus', duration: 2 };
const PREMIUM = { id: 'premium', name: 'Premium', duration: 3 };

describe('membershipAfterPurchase', () => {
  test('with no membership running, the plan starts at the payment for its months', () => {
    const lapsed: MembershipSpan = { planId: 'plus', name: 'Plus', start: at('2026-01-01'), end: at('2026-03-01') };
    for (const current of [null, lapsed]) {
      const out = membershipAfterPurchase(current, PLUS, at('2026-05-10'));
      expect(out.kind).toBe('new');
      expect(out.period).toEqual({ planId: 'plus', name: 'Plus', start: at('2026-05-10'), end: at('2026-07-10') });
      expect(out.membership).toMatchObject({ start: at('2026-05-10'), end: at('2026-07-10') });
      expect(out.membership.periods).toEqual([out.period]);
      expect(out.before).toBeNull();
    }
  });

  test('the same plan again renews from the current end, and its period grows', () => {
    const first = membershipAfterPurchase(null, PLUS, at('2026-01-01')).membership;
    const out = membershipAfterPurchase(first, PLUS, at('2026-02-01'));
    expect(out.kind).toBe('renewal');
    expect(out.period).toMatchObject({ start: at('2026-03-01'), end: at('2026-05-01') });
    expect(out.membership).toMatchObject({ start: at('2026-01-01'), end: at('2026-05-01'), name: 'Plus' });
    expect(out.membership.periods).toEqual([
      { planId: 'plus', name: 'Plus', start: at('2026-01-01'), end: at('2026-05-01') },
    ]);
  });

  test('another plan starts when the current one ends; what was paid keeps its plan and dates', () => {
    const plus = membershipAfterPurchase(null, PLUS, at('2026-01-01')).membership;
    const out = membershipAfterPurchase(plus, PREMIUM, at('2026-02-01'));
    expect(out.kind).toBe('change');
    expect(out.before).toMatchObject({ name: 'Plus', end: at('2026-03-01') });
    expect(out.period).toEqual({ planId: 'premium', name: 'Premium', start: at('2026-03-01'), end: at('2026-06-01') });
    expect(out.membership.periods).toEqual([
      { planId: 'plus', name: 'Plus', start: at('2026-01-01'), end: at('2026-03-01') },
      out.period,
    ]);
    expect(out.membership).toMatchObject({ start: at('2026-01-01'), end: at('2026-06-01') });
    // The plan running is Plus until its end, then Premium.
    expect(currentPeriod(out.membership, at('2026-02-15')).name).toBe('Plus');
    expect(currentPeriod(out.membership, at('2026-03-01')).name).toBe('Premium');
    expect(currentPeriod(out.membership, at('2026-09-01')).name).toBe('Premium');
    expect(currentPeriod(out.membership, at('2025-12-01')).name).toBe('Plus');
  });

  test('a record from before periods were kept is one period', () => {
    const old: MembershipSpan = { planId: 'plus', name: 'Plus', start: at('2026-01-01'), end: at('2026-03-01') };
    expect(periodsOf(old)).toEqual([{ planId: 'plus', name: 'Plus', start: at('2026-01-01'), end: at('2026-03-01') }]);
    expect(membershipAfterPurchase(old, PLUS, at('2026-02-01')).kind).toBe('renewal');
  });
});

describe('membershipState: what a membership is at a moment', () => {
  const start = new Date('2026-01-01T10:00:00Z');
  const end = new Date('2026-02-01T10:00:00Z');
  const moment = (iso: string) => new Date(iso);

  test('Activo from its start to its end (and before a paid start)', () => {
    expect(membershipState({ start, end }, moment('2026-01-15T00:00:00Z'))).toBe('Activo');
    expect(membershipState({ start, end }, end)).toBe('Activo');
    expect(membershipState({ start, end }, moment('2025-12-31T00:00:00Z'))).toBe('Activo');
  });

  test('Vencida once it ended; Pago pendiente while a failed renewal grace runs, then Vencida', () => {
    expect(membershipState({ start, end }, moment('2026-02-01T10:00:01Z'))).toBe('Vencida');
    const graceUntil = moment('2026-02-08T10:00:00Z');
    expect(membershipState({ start, end, graceUntil }, moment('2026-02-03T00:00:00Z'))).toBe('Pago pendiente');
    expect(membershipState({ start, end, graceUntil }, moment('2026-02-09T00:00:00Z'))).toBe('Vencida');
  });

  test('Pausada while a pause runs, Activo before and after it', () => {
    const paused = {
      start,
      end,
      pauses: [{ from: moment('2026-01-10T00:00:00Z'), until: moment('2026-01-20T00:00:00Z') }],
    };
    expect(membershipState(paused, moment('2026-01-09T23:59:59Z'))).toBe('Activo');
    expect(membershipState(paused, moment('2026-01-10T00:00:00Z'))).toBe('Pausada');
    expect(membershipState(paused, moment('2026-01-20T00:00:00Z'))).toBe('Activo');
  });
});

describe('pauses', () => {
  const day = (date: string) => new Date(`${date}T00:00:00.000Z`);
  const RULES = { minDays: 7, maxDays: 90, perYear: 2, noticeDays: 2 };
  const ask = (fromDate: string, days: number): PauseRequest => ({
    fromDate,
    days,
    from: day(fromDate),
    until: new Date(day(fromDate).getTime() + days * 86_400_000),
  });
  // Plus from Jan 1 to Mar 1, then Premium to Jun 1.
  const first = membershipAfterPurchase(null, PLUS, day('2026-01-01')).membership;
  const two = membershipAfterPurchase(first, PREMIUM, day('2026-01-15')).membership;

  test('a 14-day pause moves the end and every later period by 14 days and stretches the running one', () => {
    const out = membershipAfterPause(two, ask('2026-02-10', 14));
    expect(out.start).toEqual(day('2026-01-01'));
    expect(out.end).toEqual(day('2026-06-15'));
    expect(out.periods.map((p) => [p.name, p.start, p.end])).toEqual([
      ['Plus', day('2026-01-01'), day('2026-03-15')],
      ['Premium', day('2026-03-15'), day('2026-06-15')],
    ]);
    expect(out.pauses).toEqual([{ from: day('2026-02-10'), until: day('2026-02-24') }]);
    expect(membershipState(out, day('2026-02-12'))).toBe('Pausada');
    expect(membershipState(out, day('2026-02-24'))).toBe('Activo');
    expect(currentOrNextPause(out.pauses, day('2026-02-01'))).toEqual(out.pauses[0]);
    expect(currentOrNextPause(out.pauses, day('2026-02-24'))).toBeNull();
  });

  test('a purchase keeps the pauses of the membership it extends', () => {
    const paused = membershipAfterPause(first, ask('2026-01-20', 10));
    const renewed = membershipAfterPurchase(paused, PLUS, day('2026-02-01')).membership;
    expect(renewed.pauses).toEqual(paused.pauses);
    expect(renewed.end).toEqual(new Date(day('2026-05-01').getTime() + 10 * 86_400_000));
  });

  test("the chain's rules: duration, notice, a running membership, no overlap, the yearly count", () => {
    const p = MESSAGES.pauses;
    const today = '2026-02-01';
    expect(pauseRefusal(two, ask('2026-02-03', 14), RULES, today, false)).toBeNull();
    expect(pauseRefusal(two, ask('2026-02-03', 6), RULES, today, false)).toBe(p.duration(7, 90));
    expect(pauseRefusal(two, ask('2026-02-03', 91), RULES, today, false)).toBe(p.duration(7, 90));
    expect(pauseRefusal(two, ask('2026-01-31', 14), RULES, today, true)).toBe(p.past);
    expect(pauseRefusal(two, ask('2026-02-02', 14), RULES, today, false)).toBe(p.notice(2));
    // Staff skip the notice.
    expect(pauseRefusal(two, ask('2026-02-01', 14), RULES, today, true)).toBeNull();
    expect(pauseRefusal(null, ask('2026-02-03', 14), RULES, today, false)).toBe(p.noMembership);
    expect(pauseRefusal(two, ask('2026-06-01', 14), RULES, today, false)).toBe(p.noMembership);
    const once = membershipAfterPause(two, ask('2026-02-03', 14));
    expect(pauseRefusal(once, ask('2026-02-10', 14), RULES, today, false)).toBe(p.overlap);
    const twice = membershipAfterPause(once, ask('2026-03-01', 7));
    expect(pauseRefusal(twice, ask('2026-04-01', 7), RULES, today, false)).toBe(p.perYear(2));
    // Staff skip the yearly count; a member who may not pause at all is told so.
    expect(pauseRefusal(twice, ask('2026-04-01', 7), RULES, today, true)).toBeNull();
    expect(pauseRefusal(two, ask('2026-02-03', 14), { ...RULES, perYear: 0 }, today, false)).toBe(p.disabled);
  });
});

describe('membershipAfterRefund', () => {
  test('a refunded renewal takes its days off the end; a refunded change takes its plan away', () => {
    const first = membershipAfterPurchase(null, PLUS, at('2026-01-01'));
    const renewed = membershipAfterPurchase(first.membership, PLUS, at('2026-02-01'));
    const out = membershipAfterRefund(renewed.membership, renewed.period, at('2026-02-02'));
    expect(out.membership).toMatchObject({ start: at('2026-01-01'), end: at('2026-03-01'), name: 'Plus' });
    expect(out.days).toBe(61);

    const changed = membershipAfterPurchase(first.membership, PREMIUM, at('2026-02-01'));
    const back = membershipAfterRefund(changed.membership, changed.period, at('2026-02-02'));
    expect(back.membership).toMatchObject({ end: at('2026-03-01'), name: 'Plus', planId: 'plus' });
    expect(back.membership.periods).toEqual([
      { planId: 'plus', name: 'Plus', start: at('2026-01-01'), end: at('2026-03-01') },
    ]);
  });

  test('a refund of the running plan ends it now, never before, and cuts the pauses there', () => {
    const first = membershipAfterPurchase(null, PLUS, at('2026-01-01'));
    const paused = membershipAfterPause(first.membership, { from: at('2026-02-20'), until: at('2026-03-06') });
    const out = membershipAfterRefund(paused, first.period, at('2026-02-25'));
    expect(out.membership.end).toEqual(at('2026-02-25'));
    expect(out.membership.pauses).toEqual([{ from: at('2026-02-20'), until: at('2026-02-25') }]);
    expect(out.membership.periods).toEqual([
      { planId: 'plus', name: 'Plus', start: at('2026-01-01'), end: at('2026-02-25') },
    ]);
  });

  test('a refunded plan already running loses only its days left, and a plan bought after it keeps all its own', () => {
    const first = membershipAfterPurchase(null, PLUS, at('2026-01-01'));
    const change = membershipAfterPurchase(first.membership, PREMIUM, at('2026-01-10'));
    const out = membershipAfterRefund(change.membership, first.period, at('2026-01-15'));
    // Plus ran until Mar 1: its 45 days left go; Premium keeps its 3 months from the refund on.
    expect(out.days).toBe(45);
    expect(out.membership.end).toEqual(new Date(at('2026-06-01').getTime() - 45 * 86_400_000));
    expect(out.membership).toMatchObject({ name: 'Premium', planId: 'premium' });
    expect(out.membership.periods).toEqual([
      { planId: 'plus', name: 'Plus', start: at('2026-01-01'), end: at('2026-01-15') },
      { planId: 'premium', name: 'Premium', start: at('2026-01-15'), end: out.membership.end },
    ]);
    // A plan used up is refunded without taking a day from the one after it.
    const late = membershipAfterRefund(change.membership, first.period, at('2026-03-05'));
    expect([late.days, late.membership.end]).toEqual([0, change.membership.end]);
  });

  test('a refund before the membership starts leaves it without a day', () => {
    const future = membershipAfterPurchase(null, PLUS, at('2026-03-01'));
    const out = membershipAfterRefund(future.membership, future.period, at('2026-02-01'));
    expect(out.membership.end).toEqual(future.membership.start);
  });
});
