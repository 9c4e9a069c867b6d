/* global performance, setTimeout, setInterval, clearTimeout, clearInterval, AbortController, FormData, fetch, Buffer */
// The soak (issue 9): a mixed workload for a fixed time against a running server. Virtual users
// browse the catalogue, sign in, add classes to their schedule, review classes, read their profile
// and calendar, book and cancel class sessions (one session is given 3 places, so its waitlist
// fills and cancellations promote), and the front desk checks members in; an admin edits a plan and
// a class. Every answer must be the one the product gives for that action (a class already on the
// schedule is a 409 by the rules, not an error). Afterwards the database is read directly: every
// write the API confirmed must be there, and no session holds more places than its capacity.
import { MongoClient, ObjectId } from 'mongodb';
import { rssMb } from './load.mjs';
import { shared } from './shared.mjs';
import { BENCH_PASSWORD, picker, random } from './seed.mjs';

const { scheduleOf } = shared;

const REQUEST_TIMEOUT_MS = 30_000;

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor(sorted.length / 2)] : 0;
};

/** The nearest-rank percentile `p` (0-100) of `values`, 0 when there are none. */
const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] : 0;
};

/**
 * @param {{ baseUrl: string, uri: string, pid: number, durationS: number, users: number,
 *   memberEmails: string[], adminToken: string, planId: string, eventsQuery: string }} options
 */
export async function soak({ baseUrl, uri, pid, durationS, users, memberEmails, adminToken, planId, eventsQuery }) {
  const stats = new Map();
  const errors = [];
  let fiveXx = 0;
  /** Issue 21: every class page read's (GET /api/lessons/:name) latency, ms, whoever made it. */
  const classPageMs = [];

  /** One call; `expected` lists the statuses this action may answer. */
  async function call(action, path, { method = 'GET', headers = {}, body, expected = [200] } = {}) {
    const entry = stats.get(action) ?? { action, requests: 0, errors: 0, totalMs: 0, maxMs: 0, statuses: {} };
    stats.set(action, entry);
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS);
    const t0 = performance.now();
    let status = 0;
    let text = '';
    try {
      const res = await fetch(`${baseUrl}${path}`, { method, headers, body, signal: controller.signal });
      status = res.status;
      text = await res.text();
    } catch (error) {
      text = error.name === 'AbortError' ? `no answer within ${REQUEST_TIMEOUT_MS / 1000} s` : error.message;
    } finally {
      clearTimeout(timer);
    }
    const ms = performance.now() - t0;
    if (method === 'GET' && path.startsWith('/api/lessons/')) classPageMs.push(ms);
    entry.requests++;
    entry.totalMs += ms;
    entry.maxMs = Math.max(entry.maxMs, ms);
    entry.statuses[status] = (entry.statuses[status] ?? 0) + 1;
    if (status >= 500) fiveXx++;
    if (!expected.includes(status)) {
      entry.errors++;
      if (errors.length < 20) errors.push({ action, path, status, body: text.slice(0, 200) });
      return { status, json: null };
    }
    let json = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      // a 304 or an empty body
    }
    return { status, json };
  }

  const json = { 'content-type': 'application/json' };
  const login = async (email) => {
    const { json: body } = await call('log in', '/api/users/login', {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ email, password: BENCH_PASSWORD }),
    });
    return body?.login?.token ?? null;
  };

  // Who plays: the members (signed in once up front) and the catalogue they act on.
  const members = [];
  for (const email of memberEmails.slice(0, users)) {
    const token = await login(email);
    if (!token) continue;
    const id = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).id;
    members.push({ email, id, auth: { authorization: `Bearer ${token}` } });
  }
  const { json: lessons } = await call('browse', '/api/lessons');
  const { json: branchList } = await call('browse', '/api/branchoffice');
  const lessonList = lessons ?? [];
  const branches = branchList?.branchOffice ?? [];
  const admin = { authorization: `Bearer ${adminToken}` };

  // Issue 22: the sessions open for booking of a few classes, one of them given 3 places so that
  // bookings wait and cancellations promote.
  const sessionsOf = new Map();
  for (const lesson of lessonList.slice(0, 6)) {
    const { json: open } = await call('sessions', `/api/sessions/of/${lesson.id}`);
    const bookable = (open ?? []).filter((x) => x.bookable && !x.cancelled);
    if (bookable.length > 0) sessionsOf.set(lesson.id, { lesson, sessions: bookable });
  }
  const bookableSessions = [...sessionsOf.values()].flatMap((x) =>
    x.sessions.map((s) => ({ ...s, branch: x.lesson.branchoffice })),
  );
  // A session nobody holds yet (earlier phases booked some): its places are the soak's alone.
  const crowded = bookableSessions.find((x) => x.taken === 0 && x.waiting === 0);
  if (crowded) {
    await call('admin edits', `/api/sessions/${crowded.id}`, {
      method: 'PUT',
      headers: { ...admin, ...json },
      body: JSON.stringify({ capacity: 3, trainerId: '' }),
    });
  }
  const branchIdOf = new Map(branches.map((b) => [b.name, b.id]));

  // What the API confirmed, to look for in the database afterwards.
  const added = new Map(); // `${userId} ${lessonId}` -> true
  const reviewed = new Map(); // `${userId} ${lessonId}` -> stars last confirmed
  let lastPrice = null;
  const lastShort = new Map(); // lessonId -> shortDescription last confirmed
  const bookings = new Map(); // `${sessionId} ${userId}` -> 'held' | 'gone' (last confirmed)
  const checkedIn = new Set(); // `${sessionId} ${userId}` the desk checked in

  const samples = [];
  const sampler = setInterval(() => samples.push({ t: performance.now(), mb: rssMb(pid) }), 500);
  const started = performance.now();
  const deadline = started + durationS * 1000;
  async function adminEdit(r, n) {
    if (n % 2 === 0) {
      // In cents, then divided: 20 + k / 100 is sometimes 20.150000000000002, which the form refuses.
      const price = (2000 + r.int(8000)) / 100;
      const { status } = await call('admin edits', `/api/memberships/update/${planId}`, {
        method: 'PUT',
        headers: { ...admin, ...json },
        body: JSON.stringify({
          name: 'Standar',
          duration: 1,
          price,
          benefits: 'Acceso a sala de musculacion y cardio en tu sede',
        }),
      });
      if (status === 200) lastPrice = price;
      return;
    }
    const lesson = r.pick(lessonList);
    const { json: detail } = await call('browse', `/api/lessons/${encodeURIComponent(lesson.name)}`);
    if (!detail) return;
    const shortDescription = `Entrenamiento guiado numero ${r.int(1_000_000)}`;
    const form = new FormData();
    form.set(
      'lessonAttributes',
      JSON.stringify({
        name: detail.name,
        shortDescription,
        description: detail.description,
        effort: detail.effort,
        types: detail.types,
        goals: detail.goals,
        ...scheduleOf(detail),
        isAvailable: detail.isAvailable,
        monitor: detail.monitor,
        branchoffice: detail.branchoffice,
      }),
    );
    const { status } = await call('admin edits', `/api/lessons/update/${detail.id}`, {
      method: 'PUT',
      headers: admin,
      body: form,
    });
    if (status === 200) lastShort.set(detail.id, shortDescription);
  }

  async function virtualUser(index) {
    // Deterministic choices, so two runs do the same work.
    const next = random(1000 + index);
    const r = { next, ...picker(next) };
    const me = members[index % members.length];
    let n = 0;
    while (performance.now() < deadline) {
      n++;
      const roll = r.next();
      if (index === 0 && n % 4 === 0) {
        await adminEdit(r, n / 4);
      } else if (roll < 0.55) {
        const choice = r.int(6);
        if (choice === 0) await call('browse', '/api/memberships');
        else if (choice === 1) await call('browse', '/api/lessons');
        else if (choice === 2) await call('browse', `/api/lessons/${encodeURIComponent(r.pick(lessonList).name)}`);
        else if (choice === 3) await call('browse', '/api/branchoffice');
        else if (choice === 4) await call('browse', `/api/branchoffice/${r.pick(branches).id}`);
        else await call('browse', '/api/types');
      } else if (roll < 0.65) {
        await login(r.pick(memberEmails));
      } else if (roll < 0.77) {
        const lesson = r.pick(lessonList);
        const { status } = await call('add class', `/api/users/addlesson/${lesson.id}`, {
          method: 'PUT',
          headers: { ...me.auth, ...json },
          body: '{}',
          expected: [200, 409],
        });
        if (status === 200) {
          added.set(`${me.id} ${lesson.id}`, true);
          // A standing booking: the member now holds (or waits for) each stored session of the class
          // while their membership lasts, one they gave up included. Where such a booking ends up
          // follows the standing rules, not this user's last booking call: it is not checked.
          for (const key of bookings.keys()) {
            if (key.startsWith(`${lesson.id}:`) && key.endsWith(` ${me.id}`)) bookings.delete(key);
          }
        }
      } else if (roll < 0.85) {
        const lesson = r.pick(lessonList);
        const stars = 1 + r.int(5);
        const { status } = await call('review', '/api/reviews/create', {
          method: 'POST',
          headers: { ...me.auth, ...json },
          body: JSON.stringify({ stars, description: 'Muy buena clase', lessonId: lesson.id }),
          expected: [201],
        });
        if (status === 201) reviewed.set(`${me.id} ${lesson.id}`, stars);
      } else if (roll < 0.88 && bookableSessions.length > 0) {
        // Book a session (the crowded one half the time) or give one up.
        const mine = [...bookings].filter(([key, state]) => state === 'held' && key.endsWith(` ${me.id}`));
        if (mine.length > 0 && r.next() < 0.4) {
          const [key] = r.pick(mine);
          const sessionId = key.split(' ')[0];
          const { status } = await call('cancel booking', `/api/sessions/${sessionId}/booking`, {
            method: 'DELETE',
            headers: me.auth,
            expected: [200, 409],
          });
          if (status === 200) {
            bookings.set(key, 'gone');
            // A place given up after its check-in goes with it.
            checkedIn.delete(key);
          }
        } else {
          const session = crowded && r.next() < 0.5 ? crowded : r.pick(bookableSessions);
          const { status, json: answer } = await call('book', `/api/sessions/${session.id}/booking`, {
            method: 'POST',
            headers: me.auth,
            // 409: another session of theirs at that time, or the session started meanwhile.
            expected: [200, 409],
          });
          if (status === 200 && answer?.session?.mine) bookings.set(`${session.id} ${me.id}`, 'held');
        }
      } else if (roll < 0.9 && bookableSessions.length > 0) {
        // The front desk checks a member in at the sede of one of their sessions (open only near its start).
        const { json: card } = await call('check-in', '/api/checkin/card', { headers: me.auth });
        const held = [...bookings].filter(([key, state]) => state === 'held' && key.endsWith(` ${me.id}`));
        const session = held.length > 0 ? bookableSessions.find((x) => x.id === r.pick(held)[0].split(' ')[0]) : null;
        const branchId = branchIdOf.get(session?.branch) ?? r.pick(branches).id;
        if (card?.code) {
          const { status, json: answer } = await call('check-in', '/api/checkin', {
            method: 'POST',
            headers: { ...admin, ...json },
            body: JSON.stringify({ code: card.code, branchId }),
            // 409: no booking open for check-in there now (the usual case far from a session's start).
            expected: [200, 409],
          });
          if (status === 200 && answer?.session?.id) checkedIn.add(`${answer.session.id} ${me.id}`);
        }
      } else if (roll < 0.94) {
        await call('profile and calendar', `/api/users/${me.id}`, { headers: me.auth });
      } else {
        await call('profile and calendar', `/api/events?${eventsQuery}`, { headers: me.auth });
      }
    }
  }

  await Promise.all(Array.from({ length: users }, (_, i) => virtualUser(i)));
  clearInterval(sampler);
  const elapsedS = (performance.now() - started) / 1000;

  // Memory: the median of the second sixth against the median of the last sixth of the run (the
  // first sixth is the warm-up; medians ignore the garbage collector's saw-tooth).
  const sixth = Math.max(1, Math.floor(samples.length / 6));
  const early = median(samples.slice(sixth, 2 * sixth).map((s) => s.mb));
  const late = median(samples.slice(-sixth).map((s) => s.mb));
  const memory = {
    /** Median RSS of each sixth of the run, MB. */
    sixthsMb: Array.from({ length: 6 }, (_, i) => median(samples.slice(i * sixth, (i + 1) * sixth).map((s) => s.mb))),
    earlyMb: early,
    lateMb: late,
    peakMb: Math.max(0, ...samples.map((s) => s.mb)),
    growthMb: late - early,
    flat: late - early <= Math.max(20, early * 0.1),
  };

  const lost = await findLost(uri, { added, reviewed, lastPrice, planId, lastShort, bookings, checkedIn });
  const groups = [...stats.values()].map((s) => ({
    action: s.action,
    requests: s.requests,
    errors: s.errors,
    meanMs: Math.round(s.totalMs / Math.max(1, s.requests)),
    maxMs: Math.round(s.maxMs),
    statuses: s.statuses,
  }));
  return {
    durationS: Math.round(elapsedS),
    users,
    requests: groups.reduce((sum, g) => sum + g.requests, 0),
    errors: groups.reduce((sum, g) => sum + g.errors, 0),
    fiveXx,
    groups,
    errorSamples: errors,
    memory,
    writesConfirmed: {
      classesAdded: added.size,
      reviews: reviewed.size,
      planEdits: lastPrice === null ? 0 : 1,
      lessonEdits: lastShort.size,
      bookingsHeld: [...bookings.values()].filter((v) => v === 'held').length,
      bookingsCancelled: [...bookings.values()].filter((v) => v === 'gone').length,
      checkIns: checkedIn.size,
    },
    recordsLost: lost.length,
    lostSamples: lost.slice(0, 10),
    /** The class page under the soak's writes (issue 21): its reads' latency percentiles, ms. */
    classPage: {
      requests: classPageMs.length,
      p50: Math.round(percentile(classPageMs, 50)),
      p99: Math.round(percentile(classPageMs, 99)),
      maxMs: Math.round(Math.max(0, ...classPageMs)),
    },
  };
}

/** Every write the API confirmed, looked up in the database itself. */
async function findLost(uri, { added, reviewed, lastPrice, planId, lastShort, bookings, checkedIn }) {
  const client = await MongoClient.connect(uri);
  const lost = [];
  try {
    const db = client.db();
    const pairs = (map) => [...map.keys()].map((key) => key.split(' ').map((id) => new ObjectId(id)));
    const users = new Map(
      (
        await db
          .collection('users')
          .find({ _id: { $in: [...new Set(pairs(added).map(([u]) => u.toString()))].map((id) => new ObjectId(id)) } })
          .project({ lessons: 1 })
          .toArray()
      ).map((u) => [u._id.toString(), new Set((u.lessons ?? []).map(String))]),
    );
    for (const [userId, lessonId] of pairs(added)) {
      if (!users.get(userId.toString())?.has(lessonId.toString())) {
        lost.push({ what: 'class on schedule', userId: userId.toString(), lessonId: lessonId.toString() });
      }
    }
    const lessonIds = [...new Set(pairs(reviewed).map(([, l]) => l.toString()))].map((id) => new ObjectId(id));
    const buckets = await db
      .collection('lessonreviews')
      .find({ _id: { $in: lessonIds } })
      .toArray();
    const stored = new Map(
      buckets.flatMap((bucket) => (bucket.reviews ?? []).map((r) => [`${r.user} ${bucket._id}`, r.stars])),
    );
    for (const [key, stars] of reviewed) {
      if (stored.get(key) !== stars) lost.push({ what: 'review', key, expected: stars, found: stored.get(key) });
    }
    if (lastPrice !== null) {
      const plan = await db.collection('plans').findOne({ _id: new ObjectId(planId) });
      if (plan?.price !== lastPrice) lost.push({ what: 'plan price', expected: lastPrice, found: plan?.price });
    }
    for (const [lessonId, shortDescription] of lastShort) {
      const lesson = await db.collection('lessons').findOne({ _id: new ObjectId(lessonId) });
      if (lesson?.shortDescription !== shortDescription) {
        lost.push({ what: 'class edit', lessonId, expected: shortDescription, found: lesson?.shortDescription });
      }
    }
    // Issue 22: each booking where the API last left it, each check-in, and no session over capacity.
    const sessionIds = [...new Set([...bookings.keys(), ...checkedIn].map((key) => key.split(' ')[0]))];
    const sessions = new Map(
      (
        await db
          .collection('lesson_sessions')
          .find({ _id: { $in: sessionIds } })
          .toArray()
      ).map((s) => [s._id, s]),
    );
    for (const [key, state] of bookings) {
      const [sessionId, userId] = key.split(' ');
      const doc = sessions.get(sessionId);
      const holds = [...(doc?.confirmed ?? []), ...waitingOf(doc)].some((e) => String(e.member) === userId);
      if ((state === 'held') !== holds) lost.push({ what: `booking ${state}`, sessionId, userId, found: holds });
    }
    for (const key of checkedIn) {
      const [sessionId, userId] = key.split(' ');
      const place = sessions.get(sessionId)?.confirmed?.find((e) => String(e.member) === userId);
      if (!place?.checkedIn) lost.push({ what: 'check-in', sessionId, userId });
    }
    const capacities = new Map(
      (await db.collection('lessons').find({}).project({ capacity: 1 }).toArray()).map((l) => [
        String(l._id),
        l.capacity ?? 20,
      ]),
    );
    for await (const doc of db.collection('lesson_sessions').find({})) {
      const capacity = doc.capacity ?? capacities.get(String(doc.lesson)) ?? 20;
      // A capacity lowered below the places taken keeps them: only places given since count.
      const given = (doc.confirmed ?? []).filter((p) => p.seat > capacity).length;
      if (given > 0)
        lost.push({ what: 'places over capacity', sessionId: doc._id, capacity, taken: doc.confirmed.length });
    }
  } finally {
    await client.close();
  }
  return lost;
}

/**
 * A stored session's waitlist: one string, `<member id>.<ms in base 36>` separated by spaces
 * (server/src/modules/bookings/bookings.model.ts), or an array of { member, at } in older documents.
 */
function waitingOf(doc) {
  const stored = doc?.waitlist ?? [];
  if (Array.isArray(stored)) return stored;
  return stored
    .split(' ')
    .filter(Boolean)
    .map((entry) => ({ member: entry.split('.')[0] }));
}
