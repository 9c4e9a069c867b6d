import { describe, expect, test } from 'vitest';
import {
  currentPeriod,
  membershipAfterPurchase,
  membershipState,
  periodsOf,
  type MembershipSpan,
} from '../memberships';

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
      pausedFrom: moment('2026-01-10T00:00:00Z'),
      pausedUntil: moment('2026-01-20T00:00:00Z'),
    };
    expect(membershipState(paused, moment('2026-01-09T23:59:59Z'))).toBe('Activo');
    expect(membershipState(paused, moment('2026-01-10T00:00:00Z'))).toBe('Pausada');
    expect(membershipState(paused, moment('2026-01-20T00:00:00Z'))).toBe('Activo');
  });
});
