/* global performance, setTimeout, setInterval, clearTimeout, clearInterval, AbortController, FormData, fetch, Buffer */
// The soak (issue 9): a mixed workload for a fixed time against a running server. Virtual users
// browse the catalogue, sign in, add classes to their schedule, review classes, read their profile
// and calendar, and an admin edits a plan and a class. Every answer must be the one the product
// gives for that action (a class already on the schedule is a 409 by the rules, not an error).
// Afterwards the database is read directly: every write the API confirmed must be there.
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

  // What the API confirmed, to look for in the database afterwards.
  const added = new Map(); // `${userId} ${lessonId}` -> true
  const reviewed = new Map(); // `${userId} ${lessonId}` -> stars last confirmed
  let lastPrice = null;
  const lastShort = new Map(); // lessonId -> shortDescription last confirmed

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
        if (status === 200) added.set(`${me.id} ${lesson.id}`, true);
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
      } else if (roll < 0.93) {
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

  const lost = await findLost(uri, { added, reviewed, lastPrice, planId, lastShort });
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
async function findLost(uri, { added, reviewed, lastPrice, planId, lastShort }) {
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
  } finally {
    await client.close();
  }
  return lost;
}
