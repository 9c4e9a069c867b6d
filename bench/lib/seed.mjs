// Seeds the benchmark's large chain straight into the database with the MongoDB driver, in the
// shape of the server's mongoose models (server/src/modules/*/*.model.ts). Deterministic: the same
// run seeds the same rows. One bcrypt hash is computed once and shared by every account. The sizes
// are parameters (CHAIN, the benchmark chain; GROWTH_CHAIN, issue 21's 3,000 classes and 50,000 users).
import bcrypt from 'bcryptjs';
import { MongoClient, ObjectId } from 'mongodb';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from '../../scripts/lib.mjs';
import { accountKeys, paymentKeys, shared } from './shared.mjs';

export const BENCH_PASSWORD = 'Bench1234';
export const ADMIN_EMAIL = 'admin@bench.pulso';
export const MEMBER_EMAIL = 'socio@bench.pulso';

const {
  DEMO_GOALS: GOALS,
  EXERCISE_TYPES: TYPES,
  WEEKDAYS,
  weekly: schedule,
  addDays,
  sessionDates,
  sessionTimes,
  LESSON_CAPACITY,
} = shared;
const PLANS = [
  { name: 'Standar', duration: 1, benefits: 'Acceso a sala de musculacion y cardio en tu sede', price: 29.99 },
  { name: 'Plus', duration: 3, benefits: 'Acceso a todas las sedes y clases grupales ilimitadas', price: 79.99 },
  {
    name: 'Premium',
    duration: 12,
    benefits: 'Todas las sedes clases ilimitadas entrenador personal y nutricionista',
    price: 299.99,
  },
];
const FIRST = ['Ana', 'Luis', 'María', 'Jorge', 'Lucía', 'Pedro', 'Sofía', 'Diego', 'Carla', 'Mateo', 'Elena', 'Tomás'];
const LAST = ['García', 'López', 'Martínez', 'Rodríguez', 'Sánchez', 'Pérez', 'Gómez', 'Díaz', 'Torres', 'Ruiz'];
const DAY = 86_400_000;
/** The sedes' days (they open 06:00 to 22:00). */
const OPEN_DAYS = WEEKDAYS.slice(0, 6);

/** The benchmark chain: the sizes every issue-8 and issue-21 budget is measured at. */
export const CHAIN = {
  users: 5000,
  members: 1500,
  trainers: 40,
  branches: 30,
  lessons: 300,
  reviews: 20_000,
  payments: 10_000,
  events: 2000,
};

/**
 * Issue 21's growth: 3,000 classes and 50,000 users. What grows with them grows in proportion
 * (members, trainers, payments; reviews too, so a class keeps about 67 as in CHAIN and its page the
 * same size); the sedes and the calendar stay as in CHAIN.
 */
export const GROWTH_CHAIN = {
  ...CHAIN,
  users: 50_000,
  members: 15_000,
  trainers: 400,
  lessons: 3000,
  reviews: 200_000,
  payments: 100_000,
};

/** mulberry32: a small seeded generator, so every run seeds the same chain. */
export function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function picker(rnd) {
  const int = (n) => Math.floor(rnd() * n);
  const pick = (list) => list[int(list.length)];
  const some = (list, min, max) => {
    const n = min + int(max - min + 1);
    return [...list].sort(() => rnd() - 0.5).slice(0, n);
  };
  /** `min` to `max` distinct items of a long list, without shuffling all of it. */
  const sample = (list, min, max) => {
    const n = Math.min(list.length, min + int(max - min + 1));
    const chosen = new Set();
    while (chosen.size < n) chosen.add(int(list.length));
    return [...chosen].map((i) => list[i]);
  };
  return { int, pick, some, sample };
}

async function insertAll(collection, docs) {
  for (let i = 0; i < docs.length; i += 1000) {
    await collection.insertMany(docs.slice(i, i + 1000), { ordered: false });
  }
}

const stamp = (date) => ({ createdAt: date, updatedAt: date, __v: 0 });

/**
 * The one place the seed writes accounts. Whatever the server keeps beside a user (a key
 * collection by e-mail, say) is written here, from the same documents.
 */
async function writeUsers(db, users) {
  await insertAll(db.collection('users'), users);
  await insertAll(db.collection(accountKeys.EMAIL_KEYS_COLLECTION), accountKeys.emailKeyDocs(users));
  // The trainers' directory (server/src/modules/users/trainer-directory.ts).
  const trainers = users
    .filter((u) => u.isMonitor && !u.deletedAt)
    .map((u) => ({ _id: u._id, fullName: u.fullName, email: u.email }));
  if (trainers.length) await insertAll(db.collection('trainers'), trainers);
}

/**
 * The one place the seed writes payments. Whatever the server keeps beside a payment (a key by
 * provider session or event, say) is written here, from the same documents.
 */
async function writePayments(db, payments) {
  await insertAll(db.collection('payments'), payments);
  for (const [name, docs] of Object.entries(paymentKeys.paymentKeyDocuments(payments))) {
    await insertAll(db.collection(name), docs);
  }
}

/**
 * The chain is seeded in the shape the server's migrations leave (reviews with their class and their author's name, the trainers' directory, e-mail
 * and payment keys), so it is recorded as migrated, as a database the server seeded is: the
 * server's first start then applies none of them. The ids are the migrations' file names
 * (server/src/migrations/NNN-name.ts; a server test keeps the list and the files alike).
 */
async function recordMigrations(db, at) {
  const ids = readdirSync(path.join(ROOT, 'server', 'src', 'migrations'))
    .filter((name) => /^\d{3}-.+\.ts$/.test(name))
    .map((name) => name.replace(/\.ts$/, ''))
    .sort();
  await insertAll(
    db.collection('migrations'),
    ids.map((_id) => ({ _id, description: 'seeded in this shape by the benchmark', appliedAt: at, durationMs: 0 })),
  );
}

/**
 * A unique class name the lesson form accepts (letters and hyphens, 4 to 19 characters), so the
 * admin edits of the freshness check pass validation: Clase-aaa, Clase-aab, ...
 */
function lessonName(index) {
  let code = '';
  for (let n = index, i = 0; i < 3; i++, n = Math.floor(n / 26)) code = String.fromCharCode(97 + (n % 26)) + code;
  return `Clase-${code}`;
}

/** One class of the chain, its hours as the forms write them. */
function lessonDoc(index, refs, r, now) {
  // Valid by the schedule rules, so the soak's and the freshness check's admin edits, which save a
  // class as it is, pass them: days its sede opens, and each trainer's classes at distinct hours
  // (the trainers take the classes in turn, one hour later each round, 06:00 to 19:00).
  const trainers = refs.trainers.length;
  const hour = 6 + (Math.floor(index / trainers) % 14);
  return {
    _id: new ObjectId(),
    name: lessonName(index),
    shortDescription: 'Entrenamiento grupal guiado por un profesor',
    description:
      'Una clase para todos los niveles: calentamiento, bloque principal y estiramientos, con un profesor que adapta cada ejercicio.',
    image: '',
    imageKey: '',
    effort: 1 + r.int(5),
    types: r.some(TYPES, 1, 3),
    goals: r.some(GOALS, 1, 2),
    ...schedule(r.some(OPEN_DAYS, 2, 4), `${hour}:00`, `${hour + 1}:00`),
    isAvailable: true,
    capacity: LESSON_CAPACITY.default,
    monitor: refs.trainers[index % trainers],
    office: r.pick(refs.branches),
    averageStars: 0,
    reviewCount: 0,
    deletedAt: null,
    ...stamp(new Date(now - r.int(365) * DAY)),
  };
}

/** The `i`th payment of the chain, as the server stores it: `period` is what a paid one bought. */
function paymentDoc(i, user, plan, status, at, period) {
  const paid = status === 'paid';
  return {
    _id: new ObjectId(),
    user: user._id,
    plan: plan._id,
    planName: plan.name,
    duration: plan.duration,
    amount: plan.price,
    currency: 'usd',
    provider: 'demo',
    providerSessionId: `bench_${i}`,
    checkoutUrl: '',
    providerEventId: '',
    status,
    paidAt: paid ? at : null,
    membershipStart: paid ? period.start : null,
    membershipEnd: paid ? period.end : null,
    ...stamp(at),
  };
}

const HOUR = 3_600_000;
/** How full a class is at each hour of the day: the morning and evening peaks. */
const PEAK = (hour) => (hour < 9 ? 0.75 : hour < 12 ? 0.5 : hour < 17 ? 0.35 : hour < 21 ? 0.85 : 0.4);
/** Stored sessions' dates a class's standing document keeps listed (bookings.standing.ts). */
const STORED_KEEP_DAYS = 92;
const utcDate = (ms) => new Date(ms).toISOString().slice(0, 10);
/** A local `YYYY-MM-DDTHH:mm` as an instant (the benchmark's server runs on the machine's zone, UTC here). */
const instant = (local) => new Date(`${local}:00Z`);

/**
 * A year of the chain's life (issue 24), in the shape the server writes it:
 * - each member's membership as a chain of purchases (`membership_links`, a 'new' one starting each
 *   stretch), most renewing on the day, some lapsing and coming back, a few pausing two weeks; every
 *   purchase a paid payment; the rest of the chain's payments abandoned or pending checkouts;
 * - every session of each class since it was created (at most a year back) held and closed, its
 *   places taken by members (fuller at the peaks) and about 85 % of them checked in, with each
 *   class's latest stored dates listed as the server keeps them.
 * The member the benchmark signs in as keeps an active Premium.
 */
function yearOfHistory({ users, memberIndexes, plans, lessons, chain, now }) {
  const r = picker(random(2024));
  const weights = [0.7, 0.2, 0.1];
  const planOf = () => {
    let roll = r.int(1000) / 1000;
    for (const [i, w] of weights.entries()) {
      if (roll < w) return plans[i];
      roll -= w;
    }
    return plans[0];
  };
  const payments = [];
  const links = [];
  const pay = (user, plan, status, at, period) => {
    const payment = paymentDoc(payments.length, user, plan, status, at, period);
    payments.push(payment);
    return payment;
  };
  for (const index of memberIndexes) {
    const user = users[index];
    const signedIn = index === 1;
    let t = signedIn ? now - 20 * DAY : now - (7 + r.int(593)) * DAY - r.int(12) * HOUR;
    let stretch = null;
    let seq = 0;
    while (t < now) {
      const plan = signedIn ? plans[2] : planOf();
      const kind = stretch ? 'renewal' : 'new';
      const start = new Date(t);
      let end = t + plan.duration * 30 * DAY;
      if (!stretch) stretch = { start, pauses: [] };
      if (!signedIn && r.int(20) === 0) {
        const from = t + (3 + r.int(10)) * DAY;
        stretch.pauses.push({ from: new Date(from), until: new Date(from + 14 * DAY) });
        end += 14 * DAY;
      }
      const payment = pay(user, plan, 'paid', start, { start, end: new Date(end) });
      seq += 1;
      const result = {
        planId: plan._id,
        name: plan.name,
        start: stretch.start,
        end: new Date(end),
        ...(stretch.pauses.length ? { pauses: [...stretch.pauses] } : {}),
      };
      links.push({
        _id: `${user._id}:${seq}`,
        user: user._id,
        seq,
        payment: payment._id.toString(),
        kind,
        result,
        period: { start, end: new Date(end) },
        at: start,
      });
      user.membership = result;
      if (end >= now) break;
      const roll = r.int(20);
      if (roll < 17) t = end;
      else if (roll < 19) {
        t = end + (10 + r.int(60)) * DAY;
        stretch = null;
      } else break;
    }
    user.membershipSeq = seq;
  }
  // The chain's other payments: checkouts abandoned or still pending, over the year.
  for (let i = payments.length; i < chain.payments; i++) {
    const user = users[memberIndexes[i % memberIndexes.length]];
    pay(user, r.pick(plans), i % 3 === 0 ? 'pending' : 'cancelled', new Date(now - r.int(365) * DAY), null);
  }

  const members = memberIndexes.map((index) => users[index]._id);
  const today = utcDate(now);
  const yearAgo = addDays(today, -365);
  const cutoff = addDays(today, -STORED_KEEP_DAYS);
  const sessions = [];
  const stored = [];
  for (const lesson of lessons) {
    const created = utcDate(lesson.createdAt.getTime());
    const popularity = 0.5 + r.int(70) / 100;
    const dates = [];
    for (const date of sessionDates(lesson, created > yearAgo ? created : yearAgo, today)) {
      const { start, end } = sessionTimes(lesson, date);
      const hour = Number(start.slice(11, 13));
      const fill = Math.max(0, Math.min(1, PEAK(hour) * popularity + (r.int(31) - 15) / 100));
      const taken = Math.round(LESSON_CAPACITY.default * fill);
      const startsAt = instant(start);
      const endsAt = instant(end);
      const confirmed = r.sample(members, taken, taken).map((member, i) => ({
        member,
        seat: i + 1,
        at: new Date(startsAt.getTime() - (1 + r.int(72)) * HOUR),
        promoted: false,
        checkedIn: r.int(100) < 85 ? new Date(startsAt.getTime() - r.int(15) * 60_000) : null,
      }));
      sessions.push({
        _id: `${lesson._id}:${date}`,
        lesson: lesson._id,
        date,
        start,
        end,
        capacity: null,
        confirmed,
        waitlist: '',
        cancellations: [],
        notices: [],
        cancelledAt: null,
        cancelReason: '',
        trainer: null,
        closedAt: endsAt,
        version: 1,
        createdAt: confirmed[0]?.at ?? endsAt,
        updatedAt: endsAt,
      });
      if (date >= cutoff) dates.push(date);
    }
    if (dates.length) stored.push({ _id: lesson._id, stored: { since: cutoff, dates } });
  }
  return { payments, links, sessions, stored };
}

/**
 * Seeds an empty database with a chain of the given sizes (CHAIN, GROWTH_CHAIN). Returns the ids
 * the benchmark needs and the accounts' shared password hash. With `year`, the chain has lived a
 * year (issue 24's overview): its members' memberships are chains of purchases, each paid, and
 * every class's sessions of the year were held with places and check-ins (yearOfHistory).
 * @param {string} uri
 * @param {typeof CHAIN} chain
 * @param {{ year?: boolean }} [options]
 */
export async function seedChain(uri, chain = CHAIN, { year = false } = {}) {
  const r = picker(random(8));
  // Its own stream, so that the home sedes (issue 24) leave the rest of the chain as it was.
  const home = picker(random(24));
  const now = Date.now();
  const passwordHash = await bcrypt.hash(BENCH_PASSWORD, 10);
  const client = await MongoClient.connect(uri);
  try {
    const db = client.db();
    await insertAll(
      db.collection('types'),
      TYPES.map((name) => ({ name, __v: 0 })),
    );
    await insertAll(
      db.collection('goals'),
      GOALS.map((name) => ({ name, __v: 0 })),
    );
    const plans = PLANS.map((p) => ({
      _id: new ObjectId(),
      ...p,
      deletedAt: null,
      ...stamp(new Date(now - 400 * DAY)),
    }));
    await insertAll(db.collection('plans'), plans);

    const branches = Array.from({ length: chain.branches }, (_, i) => ({
      _id: new ObjectId(),
      name: `Sede ${String(i + 1).padStart(2, '0')} ${r.pick(LAST)}`,
      location: `Avenida ${r.pick(LAST)} ${100 + r.int(900)}, Ciudad`,
      image: '',
      imageKey: '',
      ...schedule(OPEN_DAYS, '06:00', '22:00'),
      ...stamp(new Date(now - 500 * DAY)),
    }));
    await insertAll(db.collection('branchoffices'), branches);

    // users[0] is the admin, users[1] the member the benchmark signs in as, then the trainers.
    const users = Array.from({ length: chain.users }, (_, i) => {
      const created = new Date(now - (chain.users - i) * 3_600_000);
      return {
        _id: new ObjectId(),
        fullName: `${r.pick(FIRST)} ${r.pick(LAST)} ${i}`,
        email: i === 0 ? ADMIN_EMAIL : i === 1 ? MEMBER_EMAIL : `usuario${i}@bench.pulso`,
        passwordHash,
        phone: String(3_000_000_000 + i),
        isMonitor: i >= 2 && i < 2 + chain.trainers,
        isAdmin: i === 0,
        deletedAt: null,
        membership: null,
        sessionsValidAfter: null,
        lessons: [],
        homeBranch: i === 0 ? null : home.pick(branches)._id,
        ...stamp(created),
      };
    });
    const trainers = users.filter((u) => u.isMonitor).map((u) => u._id);
    const lessons = Array.from({ length: chain.lessons }, (_, i) =>
      lessonDoc(i, { trainers, branches: branches.map((b) => b._id) }, r, now),
    );
    // Members: users[1] and the next ones after the trainers.
    const memberIndexes = [1, ...Array.from({ length: chain.members - 1 }, (_, k) => 2 + chain.trainers + k)];
    for (const index of memberIndexes) {
      const plan = index === 1 ? plans[2] : r.pick(plans);
      const start = new Date(now - (1 + r.int(20)) * DAY);
      const end = new Date(start.getTime() + plan.duration * 30 * DAY);
      users[index].membership = { planId: plan._id, name: plan.name, start, end };
      users[index].lessons = (index === 1 ? lessons.slice(0, 4) : r.sample(lessons, 0, 3)).map((l) => l._id);
    }

    // Reviews live with their class, one document per class (as the server keeps them). Dealt from
    // the last class backwards, so the classes with one review more are the last inserted.
    const buckets = new Map(lessons.map((l) => [l._id.toString(), new Map()]));
    for (let i = 0; i < chain.reviews; i++) {
      const lesson = lessons[lessons.length - 1 - (i % lessons.length)];
      const user = users[(Math.floor(i / lessons.length) * 71 + (i % lessons.length) + 2) % users.length];
      const date = new Date(now - r.int(300) * DAY);
      buckets.get(lesson._id.toString()).set(user._id.toString(), {
        _id: new ObjectId(),
        user: user._id,
        userName: user.fullName,
        stars: 1 + r.int(5),
        description: r.int(3) === 0 ? '' : 'Muy buena clase, el profesor explica cada ejercicio con paciencia.',
        createdAt: date,
        updatedAt: date,
      });
    }
    const lessonReviews = lessons.map((lesson) => {
      const reviews = [...buckets.get(lesson._id.toString()).values()];
      const sum = reviews.reduce((total, review) => total + review.stars, 0);
      lesson.reviewCount = reviews.length;
      lesson.averageStars = reviews.length ? Math.round((sum / reviews.length) * 10) / 10 : 0;
      lesson.ratingVersion = 1;
      return { _id: lesson._id, reviews, version: 1 };
    });

    // The class measured: the most reviewed, and of those the last inserted. A query the engine
    // answers by reading the collection in order (and stopping at the first match) finds it last,
    // not first. The same for the account whose sign-in is timed (issue 21).
    const reviewed = [...lessons].reverse().sort((a, b) => b.reviewCount - a.reviewCount)[0];
    // The admin edits it in the freshness check, and the server checks a class against its trainer's
    // other classes and its sede's days: it gets the one hour no other class uses (they start by
    // 20:00) and days its sede opens.
    const openDays = reviewed.scheduleDays.filter((day) => OPEN_DAYS.includes(day));
    Object.assign(reviewed, schedule(openDays.length ? openDays : OPEN_DAYS.slice(0, 2), '21:00', '22:00'));

    const history = year ? yearOfHistory({ users, memberIndexes, plans, lessons, chain, now }) : null;
    const payments =
      history?.payments ??
      Array.from({ length: chain.payments }, (_, i) => {
        const user = users[memberIndexes[i % memberIndexes.length]];
        const plan = r.pick(plans);
        const paidAt = new Date(now - r.int(700) * DAY);
        const status = i % 10 === 0 ? 'cancelled' : i % 10 === 1 ? 'pending' : 'paid';
        const period = { start: paidAt, end: new Date(paidAt.getTime() + plan.duration * 30 * DAY) };
        return paymentDoc(i, user, plan, status, paidAt, period);
      });

    // Events over two years around today: about 83 a month.
    const events = Array.from({ length: chain.events }, (_, i) => {
      const start = new Date(now - 365 * DAY + Math.floor((i * 730 * DAY) / chain.events) + r.int(12) * 3_600_000);
      return {
        _id: new ObjectId(),
        title: `Evento ${i + 1}: ${r.pick(['Masterclass', 'Torneo', 'Charla de nutrición', 'Jornada abierta'])}`,
        start,
        end: new Date(start.getTime() + (1 + r.int(3)) * 3_600_000),
        createdBy: users[0]._id,
        ...stamp(new Date(start.getTime() - 20 * DAY)),
      };
    });

    await writeUsers(db, users);
    await insertAll(db.collection('lessons'), lessons);
    await insertAll(db.collection('lessonreviews'), lessonReviews);
    await writePayments(db, payments);
    if (history) {
      await insertAll(db.collection('membership_links'), history.links);
      await insertAll(db.collection('lesson_sessions'), history.sessions);
      await insertAll(db.collection('standing_bookings'), history.stored);
    }
    await insertAll(db.collection('events'), events);
    await recordMigrations(db, new Date(now));
    return {
      adminId: users[0]._id.toString(),
      memberId: users[1]._id.toString(),
      lessonName: reviewed.name,
      branchId: branches[0]._id.toString(),
      planId: plans[0]._id.toString(),
      /** The account inserted last (a plain user): the one a scan of the users finds last. */
      lastEmail: users.at(-1).email,
      /** Every account's bcrypt hash (of BENCH_PASSWORD), to time checking it alone. */
      passwordHash,
      /** Members with an active membership, for the soak's virtual users. */
      memberEmails: memberIndexes.slice(0, 200).map((index) => users[index].email),
      /** Other members with an active membership, for the booking rush (issue 22). */
      rushMemberIds: memberIndexes.slice(200, 1200).map((index) => users[index]._id.toString()),
      /** With `year`: what was written of it. */
      year: history && {
        paid: history.payments.filter((p) => p.status === 'paid').length,
        links: history.links.length,
        sessions: history.sessions.length,
        places: history.sessions.reduce((sum, s) => sum + s.confirmed.length, 0),
        checkIns: history.sessions.reduce((sum, s) => sum + s.confirmed.filter((p) => p.checkedIn).length, 0),
      },
    };
  } finally {
    await client.close();
  }
}

/** Grows or shrinks the catalogue to `count` lessons (reviews of removed lessons go with them). */
export async function setLessonCount(uri, count) {
  const r = picker(random(count));
  const client = await MongoClient.connect(uri);
  try {
    const db = client.db();
    const lessons = db.collection('lessons');
    const current = await lessons
      .find({}, { projection: { _id: 1 } })
      .sort({ name: 1 })
      .toArray();
    if (current.length > count) {
      const gone = current.slice(count).map((l) => l._id);
      for (let i = 0; i < gone.length; i += 500) {
        const ids = gone.slice(i, i + 500);
        await db.collection('lessonreviews').deleteMany({ _id: { $in: ids } });
        await lessons.deleteMany({ _id: { $in: ids } });
      }
    } else if (current.length < count) {
      const trainers = (
        await db
          .collection('users')
          .find({ isMonitor: true }, { projection: { _id: 1 } })
          .toArray()
      ).map((u) => u._id);
      const branches = (
        await db
          .collection('branchoffices')
          .find({}, { projection: { _id: 1 } })
          .toArray()
      ).map((b) => b._id);
      const now = Date.now();
      const added = [];
      for (let i = current.length; i < count; i++) {
        const doc = lessonDoc(i + 10_000, { trainers, branches }, r, now);
        doc.averageStars = 1 + r.int(5);
        doc.reviewCount = 1 + r.int(60);
        added.push(doc);
      }
      await insertAll(lessons, added);
    }
    // The stored answers were made from the old catalogue: the restarted server rebuilds them.
    await db.collection('read_models').deleteMany({});
    return await lessons.countDocuments({ deletedAt: null, isAvailable: true });
  } finally {
    await client.close();
  }
}
