import type { Types } from 'mongoose';
import {
  addDays,
  DEMO_HISTORY_MEMBERS,
  DEMO_HISTORY_PASSWORD,
  demoHistoryEmail,
  sessionDates,
  sessionTimes,
  weekdayIndex,
} from '@pulso/shared';
import { gymDate, gymInstant } from '../lib/gym-time';
import { insertHistorySessions, type HistorySession } from '../modules/bookings/bookings.insights';
import { backdateLessons, findLessons } from '../modules/lessons/lessons.service';
import { insertHistoryPayments, type HistoryPayment } from '../modules/payments/payments.service';
import { insertFailedHistorySubscriptions } from '../modules/payments/subscriptions';
import { insertHistoryMembers, historyId, type HistoryMember } from '../modules/users/demo-history';

/**
 * A year of the demo chain's history (issue 24, item 1), so that a new administrator sees real
 * charts at the first start: members joining each sede through the year (more in January and
 * September), renewing, pausing, lapsing and coming back, each purchase paid; and every class's
 * sessions held with places booked by the members active then and most of them checked in, fuller
 * at the morning and evening peaks. Generated from a fixed seed, so the same day gives the same
 * chain; dates are counted back from today. Written with a few bulk inserts.
 */

export const HISTORY_MEMBERS = DEMO_HISTORY_MEMBERS;
export const HISTORY_DAYS = 365;
/** The history's members sign in with the demo members' password. */
export const HISTORY_PASSWORD = DEMO_HISTORY_PASSWORD;
const SEED = 20_261_127;
// Names and phones apart from the demo accounts' (Sofía Martínez, Diego Herrera...), so searching for one finds them alone.
const DAY = 86_400_000;

const FIRST = [
  'Bruno',
  'Julieta',
  'Santiago',
  'Renata',
  'Sebastián',
  'Isabella',
  'Nicolás',
  'Valeria',
  'Samuel',
  'Daniela',
  'Alejandro',
  'Ximena',
  'Emiliano',
  'Regina',
  'Joaquín',
  'Fernanda',
  'Leonardo',
  'Elena',
  'Rodrigo',
  'Natalia',
];
const LAST = [
  'García',
  'Rodríguez',
  'Hernández',
  'González',
  'Pérez',
  'Sánchez',
  'Ramírez',
  'Flores',
  'Rivera',
  'Cruz',
  'Morales',
  'Ortiz',
  'Vargas',
  'Castillo',
  'Mendoza',
  'Aguilar',
  'Medina',
  'Guerrero',
  'Delgado',
  'Salazar',
];

/** mulberry32: a small seeded generator, the same numbers for the same seed on every machine. */
function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T,
  };
}

/** How much more people join in a month (January and September high, August and December low). */
const JOIN_SEASON = [1.8, 1.2, 1.1, 1, 1, 0.9, 0.8, 0.6, 1.5, 1.1, 0.9, 0.6];
/** How full classes are by the hour they start, and by weekday (Monday first). */
const hourPull = (hour: number) =>
  hour >= 7 && hour <= 9 ? 0.9 : hour >= 18 && hour <= 20 ? 0.95 : hour < 7 ? 0.55 : 0.5;
const WEEKDAY_PULL = [1, 1, 0.95, 0.95, 0.8, 0.7, 0.5];

interface Plan {
  _id: Types.ObjectId;
  name: string;
  duration: number;
  price: number;
}

const addMonths = (date: Date, months: number) => {
  const next = new Date(date);
  next.setUTCMonth(next.getUTCMonth() + months);
  return next;
};

/** Writes the history into a chain just seeded; answers what it wrote. */
export async function seedDemoHistory(input: {
  plans: readonly Plan[];
  branches: readonly Types.ObjectId[];
  passwordHash: string;
  timeZone: string;
  currency: string;
  now?: Date;
}): Promise<{ members: number; payments: number; sessions: number }> {
  const now = input.now ?? new Date();
  const rng = random(SEED);
  const today = gymDate(now, input.timeZone);
  const first = addDays(today, -HISTORY_DAYS);
  const at = (date: string, time: string) => gymInstant(`${date}T${time}`, input.timeZone);
  const plans = [...input.plans].sort((a, b) => a.duration - b.duration);
  if (plans.length === 0 || input.branches.length === 0) return { members: 0, payments: 0, sessions: 0 };

  // Join days, weighted by the season.
  const days = Array.from({ length: HISTORY_DAYS - 7 }, (_, i) => addDays(first, i));
  const weights = days.map((d) => JOIN_SEASON[Number(d.slice(5, 7)) - 1] ?? 1);
  const total = weights.reduce((a, b) => a + b, 0);
  const joinDay = () => {
    let r = rng.next() * total;
    for (let i = 0; i < days.length; i++) {
      r -= weights[i] as number;
      if (r <= 0) return days[i] as string;
    }
    return days[days.length - 1] as string;
  };

  const members: HistoryMember[] = [];
  const payments: HistoryPayment[] = [];
  const failed: Parameters<typeof insertFailedHistorySubscriptions>[0][number][] = [];
  for (let i = 0; i < HISTORY_MEMBERS; i++) {
    const _id = historyId(`member:${i}`);
    const fullName = `${FIRST[i % FIRST.length]} ${LAST[Math.floor(i / FIRST.length + i) % LAST.length]}`;
    const joined = at(
      joinDay(),
      `${String(rng.int(7, 20)).padStart(2, '0')}:${String(rng.int(0, 59)).padStart(2, '0')}`,
    );
    const member: HistoryMember = {
      _id,
      fullName,
      email: demoHistoryEmail(i),
      phone: `56${String(10_000_000 + i * 7919).slice(0, 8)}`,
      homeBranch: input.branches[i % input.branches.length] as Types.ObjectId,
      createdAt: joined,
      membership: null,
      subscription: null,
      links: [],
    };
    let start = joined;
    let stretchStart = joined;
    let kind: 'new' | 'renewal' = 'new';
    let plan = rng.pick(plans);
    while (start <= now) {
      let end = addMonths(start, plan.duration);
      const pauses: { from: Date; until: Date }[] = [];
      // Now and then a pause, which moves the end by its days.
      if (rng.next() < 0.12) {
        const from = new Date(start.getTime() + rng.int(5, 20) * DAY);
        const pauseDays = rng.int(7, 21);
        if (from < end) {
          pauses.push({ from, until: new Date(from.getTime() + pauseDays * DAY) });
          end = new Date(end.getTime() + pauseDays * DAY);
        }
      }
      const payment = historyId(`payment:${i}:${member.links.length}`);
      payments.push({
        _id: payment,
        user: _id,
        plan: plan._id,
        planName: plan.name,
        duration: plan.duration,
        amount: plan.price,
        paidAt: start,
        membershipStart: start,
        membershipEnd: end,
      });
      const previous = member.links[member.links.length - 1]?.result;
      const result = {
        planId: plan._id,
        name: plan.name,
        start: stretchStart,
        end,
        pauses: [...(kind === 'renewal' ? (previous?.pauses ?? []) : []), ...pauses],
      };
      member.links.push({ payment: payment.toString(), kind, result, period: { start, end }, at: start });
      member.membership = result;
      // What follows: most renew, some leave for a while, some for good.
      const next = rng.next();
      if (next < 0.68) {
        kind = 'renewal';
        start = end;
      } else if (next < 0.85) {
        kind = 'new';
        start = new Date(end.getTime() + rng.int(10, 60) * DAY);
        stretchStart = start;
        plan = rng.pick(plans);
      } else {
        break;
      }
    }
    members.push(member);
  }

  // A few renewals whose card was refused in the last days: their last period ended then, and they
  // keep access for a week of grace while they update the card (the overview's failed payments).
  const renewing = members.filter(
    (m) =>
      m.links[m.links.length - 1]?.kind === 'renewal' &&
      m.membership !== null &&
      m.membership.end > now &&
      m.membership.end.getTime() - now.getTime() < 30 * DAY,
  );
  for (const [k, member] of renewing.slice(0, 3).entries()) {
    const link = member.links[member.links.length - 1] as HistoryMember['links'][number];
    const end = new Date(now.getTime() - (k + 1) * DAY);
    if (end <= link.period.start) continue;
    const graceUntil = new Date(end.getTime() + 7 * DAY);
    link.period = { ...link.period, end };
    link.result = { ...link.result, end };
    member.membership = { ...link.result, graceUntil };
    member.subscription = `sub_${member._id.toString()}`;
    const payment = payments.find((p) => p._id.toString() === link.payment);
    if (payment) payment.membershipEnd = end;
    const plan = plans.find((p) => p._id.equals(link.result.planId)) ?? (plans[0] as Plan);
    failed.push({
      _id: member.subscription,
      user: member._id,
      plan: plan._id,
      planName: plan.name,
      duration: plan.duration,
      amount: plan.price,
      failedAt: end,
      graceUntil,
      createdAt: member.createdAt,
    });
  }

  // Every class's sessions of the year before the last two days (those are the demo's own).
  const lessons = await findLessons('all');
  const sessions: HistorySession[] = [];
  const pull = new Map(lessons.map((l) => [l._id.toString(), 0.65 + rng.next() * 0.45]));
  for (const lesson of lessons) {
    for (const date of sessionDates(lesson, first, addDays(today, -2))) {
      const times = sessionTimes(lesson, date);
      const startsAt = gymInstant(times.start, input.timeZone);
      const endsAt = gymInstant(times.end, input.timeZone);
      const active = members.filter(
        (m) =>
          m.homeBranch.equals(lesson.office) &&
          m.links.some(
            (l) =>
              l.period.start <= startsAt &&
              startsAt < l.period.end &&
              !(l.result.pauses ?? []).some((p) => p.from <= startsAt && startsAt < p.until),
          ),
      );
      const season = Number(date.slice(5, 7)) === 8 ? 0.8 : Number(date.slice(5, 7)) === 1 ? 1.1 : 1;
      const share =
        hourPull(Number(times.start.slice(11, 13))) *
        (WEEKDAY_PULL[weekdayIndex(date)] ?? 1) *
        season *
        (pull.get(lesson._id.toString()) ?? 1) *
        (0.85 + rng.next() * 0.3);
      const wanted = Math.min(lesson.capacity, Math.round(lesson.capacity * Math.min(1, share)), active.length);
      // The first `wanted` of a seeded shuffle (Fisher-Yates).
      const chosen = [...active];
      for (let k = 0; k < wanted; k++) {
        const j = k + Math.floor(rng.next() * (chosen.length - k));
        [chosen[k], chosen[j]] = [chosen[j] as HistoryMember, chosen[k] as HistoryMember];
      }
      chosen.length = wanted;
      sessions.push({
        lesson: lesson._id,
        date,
        start: times.start,
        end: times.end,
        endsAt,
        confirmed: chosen.map((m, seat) => ({
          member: m._id,
          seat: seat + 1,
          at: new Date(startsAt.getTime() - rng.int(1, 72) * 3_600_000),
          checkedIn: rng.next() < 0.84 ? new Date(startsAt.getTime() - rng.int(0, 15) * 60_000) : null,
        })),
      });
    }
  }

  const hashes = await insertHistoryMembers(members, input.passwordHash);
  const paid = await insertHistoryPayments(payments, input.currency);
  await insertFailedHistorySubscriptions(failed, input.currency);
  await backdateLessons(
    lessons.map((l) => l._id),
    at(first, '00:00'),
  );
  const held = await insertHistorySessions(sessions);
  return { members: hashes, payments: paid, sessions: held };
}
