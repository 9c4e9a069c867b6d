import { isObjectId } from '../validation/rules';
import { addDays, isDate, weekdayIndex } from '../sessions';
import { userStatus, type DirectoryRow } from '../users';

/**
 * The overview's figures (issue 24, item 1). The stored data is summed once per gym day into an
 * `InsightDay` (by the server's job runner, or the mock from its own data) by `insightDays`, and a
 * period's overview is summed from its days by `overviewOf`: one rule, so the server, the mock and
 * the tests that compute a figure by hand agree.
 */

// ---------------------------------------------------------------------------------------------
// A day's facts.

/** A sede's sales of a plan on a day (paid payments, by their member's home sede; null: none). */
export interface RevenueFact {
  sede: string | null;
  plan: string;
  planName: string;
  /** Cents, so that sums are exact. */
  cents: number;
  payments: number;
}

/** A sede's members on a day: at its close (or now, today), and the memberships that began and ended in it. */
export interface MembersFact {
  sede: string | null;
  /** Covered by a membership and not paused. */
  active: number;
  paused: number;
  /** Memberships that began (a first one, or one after a lapse). */
  started: number;
  /** Memberships that ended with no other following on. */
  lapsed: number;
}

/** A class's session that took place on the day (not cancelled, ended). */
export interface SessionFact {
  lesson: string;
  /** The class's name when the day was summed (the overview names a retired class too, without reading it). */
  name: string;
  sede: string;
  /** Its local start hour (0–23). */
  hour: number;
  capacity: number;
  /** Places held when it ended. */
  booked: number;
  /** Of those, checked in. */
  attended: number;
}

export interface InsightDay {
  /** The gym's date, `YYYY-MM-DD`. */
  date: string;
  revenue: RevenueFact[];
  members: MembersFact[];
  sessions: SessionFact[];
}

/** What a day's facts are computed from (plain values: instants as ms since the epoch). */
export interface InsightInput {
  /** Paid payments in the chain's currency. */
  payments: readonly { member: string; plan: string; planName: string; amount: number; paidAt: number }[];
  /** Every member with the stretches they were covered, not overlapping, oldest first. */
  members: readonly {
    id: string;
    sede: string | null;
    spans: readonly { start: number; end: number; pauses: readonly { from: number; until: number }[] }[];
  }[];
  /** Sessions that took place (not cancelled) and ended, on their gym date. */
  sessions: readonly (SessionFact & { date: string })[];
}

/** The gym's calendar: the date of an instant and the last instant of a date, in the gym's time zone. */
export interface GymClock {
  dateOf: (ms: number) => string;
  /** The last millisecond of `date` at the gym. */
  closeOf: (date: string) => number;
  now: number;
}

const sedeKey = (sede: string | null) => sede ?? '';

/**
 * The facts of `dates` (consecutive gym dates, oldest first). Members are counted at each day's
 * close (today: now): covered when a stretch started at or before it and ends after it; a stretch
 * began on the day if it started after the previous close, and lapsed on it if it ended then.
 * So a day's covered count is the previous day's plus those begun, less those lapsed.
 */
export function insightDays(input: InsightInput, dates: readonly string[], clock: GymClock): InsightDay[] {
  const index = new Map(dates.map((date, i) => [date, i]));
  const closes = dates.map((date) => Math.min(clock.closeOf(date), clock.now));
  const opens = dates.map((date) => clock.closeOf(addDays(date, -1)));
  const revenue = dates.map(() => new Map<string, RevenueFact>());
  const members = dates.map(() => new Map<string, MembersFact>());
  const sessions = dates.map((): SessionFact[] => []);

  const sedeOf = new Map(input.members.map((m) => [m.id, m.sede]));
  for (const p of input.payments) {
    if (p.paidAt > clock.now) continue;
    const i = index.get(clock.dateOf(p.paidAt));
    if (i === undefined) continue;
    const sede = sedeOf.get(p.member) ?? null;
    const key = `${sedeKey(sede)}|${p.plan}`;
    const day = revenue[i] as Map<string, RevenueFact>;
    const fact = day.get(key) ?? { sede, plan: p.plan, planName: p.planName, cents: 0, payments: 0 };
    fact.cents += Math.round(p.amount * 100);
    fact.payments += 1;
    day.set(key, fact);
  }

  const first = dates[0];
  const last = dates[dates.length - 1];
  for (const member of input.members) {
    const countOf = (i: number) => {
      const day = members[i] as Map<string, MembersFact>;
      const key = sedeKey(member.sede);
      let fact = day.get(key);
      if (!fact) {
        fact = { sede: member.sede, active: 0, paused: 0, started: 0, lapsed: 0 };
        day.set(key, fact);
      }
      return fact;
    };
    for (const span of member.spans) {
      if (first === undefined || last === undefined) break;
      // Only the days from the one it began to the one it ended can count it.
      const from = clock.dateOf(span.start);
      const to = clock.dateOf(Math.min(span.end, clock.now));
      for (let date = from < first ? first : from; date <= to && date <= last; date = addDays(date, 1)) {
        const i = index.get(date);
        if (i === undefined) continue;
        const close = closes[i] as number;
        const open = opens[i] as number;
        if (span.start <= close && close < span.end) {
          const paused = span.pauses.some((p) => p.from <= close && close < p.until);
          countOf(i)[paused ? 'paused' : 'active'] += 1;
        }
        if (open < span.start && span.start <= close) countOf(i).started += 1;
        if (open < span.end && span.end <= close) countOf(i).lapsed += 1;
      }
    }
  }

  for (const s of input.sessions) {
    const i = index.get(s.date);
    if (i === undefined) continue;
    const { lesson, name, sede, hour, capacity, booked, attended } = s;
    (sessions[i] as SessionFact[]).push({ lesson, name, sede, hour, capacity, booked, attended });
  }

  return dates.map((date, i) => ({
    date,
    revenue: [...(revenue[i] as Map<string, RevenueFact>).values()],
    members: [...(members[i] as Map<string, MembersFact>).values()],
    sessions: sessions[i] as SessionFact[],
  }));
}

// ---------------------------------------------------------------------------------------------
// A period's overview.

/** The longest period the overview sums (a year, and a day to spare for a leap year). */
export const OVERVIEW_MAX_DAYS = 366;
/** Periods up to this many days are shown day by day; longer ones week by week. */
export const OVERVIEW_DAILY_UP_TO = 62;
/** How many classes the fullest and the emptiest lists show. */
export const OVERVIEW_CLASSES = 10;
/** Memberships ending within this many days are listed as upcoming expirations. */
export const OVERVIEW_EXPIRING_DAYS = 14;
/** The longest of the overview's lists (expirations, failed payments). */
export const OVERVIEW_LIST_LIMIT = 50;

/** The periods the selector offers, in days back from today (today included). */
export const OVERVIEW_PERIODS = [30, 90, 365] as const;

export interface OverviewQuery {
  /** Gym dates, both included. */
  from: string;
  to: string;
  /** A sede's figures only (its members' revenue and states, its classes); '' for the chain. */
  branch: string;
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** The days from `from` to `to`, both included. */
export function daysOf(from: string, to: string): string[] {
  const days: string[] = [];
  for (let date = from; date <= to; date = addDays(date, 1)) days.push(date);
  return days;
}

/**
 * The overview asked for by a query string: `days` (the last N days to the gym's `today`, so the
 * period is the gym's, whatever the asker's clock says), or `from` and `to` (gym dates; `to` is
 * `today` when left out), or the last 30 days. At most OVERVIEW_MAX_DAYS.
 */
export function parseOverviewQuery(
  raw: Record<string, unknown>,
  today: string,
): { query: OverviewQuery } | { invalid: string } {
  const days = text(raw.days);
  if (days && (!/^\d{1,3}$/.test(days) || Number(days) < 1 || Number(days) > OVERVIEW_MAX_DAYS || raw.from || raw.to)) {
    return { invalid: 'days' };
  }
  const to = text(raw.to) || today;
  if (!isDate(to)) return { invalid: 'to' };
  const from = text(raw.from) || addDays(to, -((days ? Number(days) : OVERVIEW_PERIODS[0]) - 1));
  if (!isDate(from)) return { invalid: 'from' };
  if (from > to || daysOf(from, to).length > OVERVIEW_MAX_DAYS) return { invalid: 'from' };
  const branch = text(raw.branch);
  if (branch && !isObjectId(branch)) return { invalid: 'branch' };
  return { query: { from, to, branch } };
}

export type OverviewStep = 'day' | 'week';

/** The buckets of a period: days, or weeks from its first day (the last may be shorter). */
export function bucketsOf(from: string, to: string): { step: OverviewStep; starts: string[] } {
  const days = daysOf(from, to);
  if (days.length <= OVERVIEW_DAILY_UP_TO) return { step: 'day', starts: days };
  return { step: 'week', starts: days.filter((_, i) => i % 7 === 0) };
}

export interface OverviewNames {
  plans: ReadonlyMap<string, string>;
  sedes: ReadonlyMap<string, string>;
  /** Classes' names where known; others take the name their latest session was summed with. */
  lessons: ReadonlyMap<string, string>;
}

export interface OverviewFigures {
  from: string;
  to: string;
  branch: string | null;
  step: OverviewStep;
  revenue: {
    /** Major units, rounded to cents. */
    total: number;
    payments: number;
    plans: { id: string; name: string; amount: number; payments: number }[];
    sedes: { id: string | null; name: string; amount: number; payments: number }[];
    buckets: {
      start: string;
      end: string;
      total: number;
      byPlan: Record<string, number>;
      bySede: Record<string, number>;
    }[];
  };
  members: {
    /** Covered (active or paused) at the close of the day before the period. */
    atStart: number;
    active: number;
    paused: number;
    started: number;
    lapsed: number;
    /** Lapsed in the period over those covered at its start (0–1); null when nobody was. */
    churn: number | null;
    buckets: { start: string; end: string; active: number; paused: number; started: number; lapsed: number }[];
  };
  heatmap: {
    /** Monday 0 to Sunday 6. */
    weekday: number;
    hour: number;
    sessions: number;
    capacity: number;
    booked: number;
    attended: number;
    /** booked / capacity and attended / booked, 0–1 to three decimals (null: nothing to divide). */
    occupancy: number | null;
    attendance: number | null;
  }[];
  classes: {
    fullest: OverviewClass[];
    emptiest: OverviewClass[];
  };
}

export interface OverviewClass {
  id: string;
  name: string;
  sede: string;
  sedeName: string;
  sessions: number;
  capacity: number;
  booked: number;
  attended: number;
  occupancy: number | null;
}

/** The label of a sede key ('' is members with no home sede). */
export const NO_SEDE_KEY = 'none';

const money = (cents: number) => Math.round(cents) / 100;
const ratio = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 1000) / 1000 : null);

/**
 * A period's figures from its days' facts. `days` holds the period's days and the day before it
 * (for the members at its start); a missing day counts as nothing happened.
 */
export function overviewOf(days: readonly InsightDay[], query: OverviewQuery, names: OverviewNames): OverviewFigures {
  const sede = query.branch || null;
  const byDate = new Map(days.map((d) => [d.date, d]));
  const { step, starts } = bucketsOf(query.from, query.to);
  const mine = <T extends { sede: string | null }>(facts: readonly T[]) =>
    sede ? facts.filter((f) => f.sede === sede) : facts;

  // Revenue.
  const planTotals = new Map<string, { cents: number; payments: number; name: string }>();
  const sedeTotals = new Map<string, { cents: number; payments: number }>();
  const revenueBuckets = starts.map((start, b) => {
    const end = b + 1 < starts.length ? addDays(starts[b + 1] as string, -1) : query.to;
    let cents = 0;
    const byPlan = new Map<string, number>();
    const bySede = new Map<string, number>();
    for (const date of daysOf(start, end)) {
      for (const f of mine(byDate.get(date)?.revenue ?? [])) {
        cents += f.cents;
        byPlan.set(f.plan, (byPlan.get(f.plan) ?? 0) + f.cents);
        const key = f.sede ?? NO_SEDE_KEY;
        bySede.set(key, (bySede.get(key) ?? 0) + f.cents);
        const plan = planTotals.get(f.plan) ?? { cents: 0, payments: 0, name: names.plans.get(f.plan) ?? f.planName };
        plan.cents += f.cents;
        plan.payments += f.payments;
        planTotals.set(f.plan, plan);
        const total = sedeTotals.get(key) ?? { cents: 0, payments: 0 };
        total.cents += f.cents;
        total.payments += f.payments;
        sedeTotals.set(key, total);
      }
    }
    return {
      start,
      end,
      total: money(cents),
      byPlan: Object.fromEntries([...byPlan].map(([k, v]) => [k, money(v)])),
      bySede: Object.fromEntries([...bySede].map(([k, v]) => [k, money(v)])),
    };
  });
  const allCents = [...planTotals.values()].reduce((sum, p) => sum + p.cents, 0);
  const allPayments = [...planTotals.values()].reduce((sum, p) => sum + p.payments, 0);

  // Members.
  const covered = (date: string) =>
    mine(byDate.get(date)?.members ?? []).reduce((sum, f) => sum + f.active + f.paused, 0);
  const atStart = covered(addDays(query.from, -1));
  let started = 0;
  let lapsed = 0;
  const memberBuckets = starts.map((start, b) => {
    const end = b + 1 < starts.length ? addDays(starts[b + 1] as string, -1) : query.to;
    const facts = mine(byDate.get(end)?.members ?? []);
    let began = 0;
    let ended = 0;
    for (const date of daysOf(start, end)) {
      for (const f of mine(byDate.get(date)?.members ?? [])) {
        began += f.started;
        ended += f.lapsed;
      }
    }
    started += began;
    lapsed += ended;
    return {
      start,
      end,
      active: facts.reduce((sum, f) => sum + f.active, 0),
      paused: facts.reduce((sum, f) => sum + f.paused, 0),
      started: began,
      lapsed: ended,
    };
  });
  const lastMembers = memberBuckets[memberBuckets.length - 1];

  // Sessions: the heatmap and the classes.
  const cells = new Map<number, OverviewFigures['heatmap'][number]>();
  const classes = new Map<string, OverviewClass>();
  for (const date of daysOf(query.from, query.to)) {
    const weekday = weekdayIndex(date);
    for (const s of byDate.get(date)?.sessions ?? []) {
      if (sede && s.sede !== sede) continue;
      const key = weekday * 24 + s.hour;
      const cell = cells.get(key) ?? {
        weekday,
        hour: s.hour,
        sessions: 0,
        capacity: 0,
        booked: 0,
        attended: 0,
        occupancy: null,
        attendance: null,
      };
      cell.sessions += 1;
      cell.capacity += s.capacity;
      cell.booked += s.booked;
      cell.attended += s.attended;
      cells.set(key, cell);
      const lesson = classes.get(s.lesson) ?? {
        id: s.lesson,
        name: names.lessons.get(s.lesson) ?? s.name,
        sede: s.sede,
        sedeName: names.sedes.get(s.sede) ?? '',
        sessions: 0,
        capacity: 0,
        booked: 0,
        attended: 0,
        occupancy: null,
      };
      // Its latest name: the days come oldest first.
      if (!names.lessons.has(s.lesson)) lesson.name = s.name;
      lesson.sessions += 1;
      lesson.capacity += s.capacity;
      lesson.booked += s.booked;
      lesson.attended += s.attended;
      classes.set(s.lesson, lesson);
    }
  }
  const heatmap = [...cells.values()]
    .map((c) => ({ ...c, occupancy: ratio(c.booked, c.capacity), attendance: ratio(c.attended, c.booked) }))
    .sort((a, b) => a.weekday - b.weekday || a.hour - b.hour);
  const ranked = [...classes.values()].map((c) => ({ ...c, occupancy: ratio(c.booked, c.capacity) }));
  // Ties go to the class with more (fullest) or fewer (emptiest) places held, then by name.
  const fill = (c: OverviewClass) => c.occupancy ?? 0;
  const byName = (a: OverviewClass, b: OverviewClass) => a.name.localeCompare(b.name, 'es');

  return {
    from: query.from,
    to: query.to,
    branch: sede,
    step,
    revenue: {
      total: money(allCents),
      payments: allPayments,
      plans: [...planTotals]
        .map(([id, p]) => ({ id, name: p.name, amount: money(p.cents), payments: p.payments }))
        .sort((a, b) => b.amount - a.amount || a.name.localeCompare(b.name, 'es')),
      sedes: [...sedeTotals]
        .map(([id, t]) => ({
          id: id === NO_SEDE_KEY ? null : id,
          name: id === NO_SEDE_KEY ? '' : (names.sedes.get(id) ?? ''),
          amount: money(t.cents),
          payments: t.payments,
        }))
        .sort((a, b) => b.amount - a.amount || a.name.localeCompare(b.name, 'es')),
      buckets: revenueBuckets,
    },
    members: {
      atStart,
      active: lastMembers?.active ?? 0,
      paused: lastMembers?.paused ?? 0,
      started,
      lapsed,
      churn: ratio(lapsed, atStart),
      buckets: memberBuckets,
    },
    heatmap,
    classes: {
      fullest: [...ranked]
        .sort((a, b) => fill(b) - fill(a) || b.booked - a.booked || byName(a, b))
        .slice(0, OVERVIEW_CLASSES),
      emptiest: [...ranked]
        .sort((a, b) => fill(a) - fill(b) || a.booked - b.booked || byName(a, b))
        .slice(0, OVERVIEW_CLASSES),
    },
  };
}

// ---------------------------------------------------------------------------------------------
// The lists to act on.

type Listed = Pick<DirectoryRow, 'id' | 'fullName' | 'email' | 'membership'>;

/**
 * The memberships about to end: started, giving access now ('Activo': not ended, not paused) and ending within
 * OVERVIEW_EXPIRING_DAYS, soonest first. Whether each renews by itself is the caller's to check.
 */
export function endingSoon<R extends Listed>(rows: readonly R[], now: Date): R[] {
  const until = now.getTime() + OVERVIEW_EXPIRING_DAYS * 86_400_000;
  const endOf = (row: R) => Date.parse(row.membership?.end ?? '');
  // The dates first: most memberships end later, and their state is the costly check.
  return rows
    .filter((row) => {
      if (!row.membership) return false;
      const end = endOf(row);
      return (
        end > now.getTime() &&
        end <= until &&
        Date.parse(row.membership.start) <= now.getTime() &&
        userStatus(row, now) === 'Activo'
      );
    })
    .sort((a, b) => endOf(a) - endOf(b));
}

/** A membership about to end as the overview lists it. */
export const expiringEntry = (row: Listed) => ({
  id: row.id,
  fullName: row.fullName,
  email: row.email,
  plan: row.membership?.name ?? '',
  end: row.membership?.end ?? '',
});
