import {
  addDays,
  daysOf,
  ERROR_CODES,
  insightDays,
  isSedeScoped,
  MESSAGES,
  endingSoon,
  expiringEntry,
  OVERVIEW_LIST_LIMIT,
  overviewOf,
  parseOverviewQuery,
  sessionDates,
  sessionTimes,
  type GymClock,
  type InsightInput,
  type OverviewDto,
  type SessionFact,
} from '@pulso/shared';
import { today } from '../clock';
import type { MockData } from '../db';
import { MockHttpError } from '../http';
import type { AuthUser } from '../session';

/**
 * The overview's charts (the server's stats/overview.service.ts): the mock sums its days when asked,
 * by the same shared rules, on the visitor's clock; its classes' past sessions are those it stored.
 */

const localClock = (now: Date): GymClock => ({
  dateOf: (ms) => today(new Date(ms)),
  closeOf: (date) => new Date(`${addDays(date, 1)}T00:00`).getTime() - 1,
  now: now.getTime(),
});

function inputOf(data: MockData, from: string, to: string, currency: string, now: Date): InsightInput {
  const payments = data.payments
    .filter((p) => p.status === 'paid' && p.paidAt && p.currency === currency)
    .map((p) => ({
      member: p.user,
      plan: p.plan,
      planName: p.planName,
      amount: p.amount,
      paidAt: Date.parse(p.paidAt as string),
    }));
  const members = data.users.map((u) => {
    const m = u.membership;
    const cut = u.deletedAt ? Date.parse(u.deletedAt) : Infinity;
    const spans = m
      ? [
          {
            start: Date.parse(m.start),
            end: Math.min(Date.parse(m.end), cut),
            pauses: (m.pauses ?? []).map((p) => ({ from: Date.parse(p.from), until: Date.parse(p.until) })),
          },
        ].filter((s) => s.end > s.start)
      : [];
    return { id: u.id, sede: u.homeBranch ?? null, spans };
  });
  const sessions: (SessionFact & { date: string })[] = [];
  for (const lesson of data.lessons) {
    const retired = lesson.deletedAt ? today(new Date(lesson.deletedAt)) : to;
    for (const date of sessionDates(lesson, from, addDays(retired < to ? retired : to, 1))) {
      const times = sessionTimes(lesson, date);
      if (new Date(times.end).getTime() > now.getTime()) continue;
      const stored = data.sessions[`${lesson.id}:${date}`];
      if (stored?.cancelledAt) continue;
      const confirmed = stored?.confirmed ?? [];
      sessions.push({
        lesson: lesson.id,
        name: lesson.name,
        sede: lesson.branch,
        date,
        hour: Number(times.start.slice(11, 13)),
        capacity: stored?.capacity ?? lesson.capacity,
        booked: confirmed.length,
        attended: confirmed.filter((p) => p.checkedIn).length,
      });
    }
  }
  return { payments, members, sessions };
}

export function mockOverview(
  data: MockData,
  url: URL,
  user: AuthUser,
  currency: string,
  now = new Date(),
): OverviewDto {
  const parsed = parseOverviewQuery(Object.fromEntries(url.searchParams), today(now));
  if ('invalid' in parsed) {
    throw MockHttpError.validation({ [parsed.invalid]: MESSAGES.users.queryInvalid(parsed.invalid) });
  }
  const sede = isSedeScoped(user.role) ? (user.branch ?? '000000000000000000000000') : null;
  if (sede && parsed.query.branch && parsed.query.branch !== sede) {
    throw new MockHttpError(403, ERROR_CODES.OUT_OF_SCOPE, MESSAGES.api.outOfScope);
  }
  const query = { ...parsed.query, branch: sede ?? parsed.query.branch };
  const before = addDays(query.from, -1);
  const days = insightDays(inputOf(data, before, query.to, currency, now), daysOf(before, query.to), localClock(now));
  const names = {
    plans: new Map(data.plans.map((p) => [p.id, p.name])),
    sedes: new Map(data.branches.map((b) => [b.id, b.name])),
    lessons: new Map(data.lessons.map((l) => [l.id, l.name])),
  };
  const mine = (userId: string) => {
    const u = data.users.find((x) => x.id === userId);
    return u && !u.deletedAt && (!query.branch || u.homeBranch === query.branch) ? u : null;
  };
  const renewing = new Set(
    (data.subscriptions ?? [])
      .filter((s) => (s.status === 'active' || s.status === 'past_due') && !s.cancelAtPeriodEnd)
      .map((s) => s.user),
  );
  const expiring = endingSoon(
    data.users.filter((u) => mine(u.id) && !renewing.has(u.id)),
    now,
  )
    .slice(0, OVERVIEW_LIST_LIMIT)
    .map(expiringEntry);
  const since = new Date(`${query.from}T00:00`).getTime();
  const end = new Date(`${addDays(query.to, 1)}T00:00`).getTime();
  const failedPayments = (data.subscriptions ?? [])
    .filter((s) => s.failedAt && (s.status === 'past_due' || s.status === 'lapsed'))
    .filter((s) => Date.parse(s.failedAt as string) >= since && Date.parse(s.failedAt as string) < end)
    .sort((a, b) => Date.parse(b.failedAt as string) - Date.parse(a.failedAt as string))
    .flatMap((s) => {
      const u = mine(s.user);
      return u
        ? [
            {
              id: u.id,
              fullName: u.fullName,
              email: u.email,
              plan: s.planName,
              amount: s.amount,
              failedAt: s.failedAt as string,
              status: s.status,
            },
          ]
        : [];
    })
    .slice(0, OVERVIEW_LIST_LIMIT);
  return {
    ...overviewOf(days, query, names),
    currency,
    expiring,
    failedPayments,
    computedAt: now.toISOString(),
  };
}
