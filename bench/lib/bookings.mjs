// Issue 22: bookings open. Many members book the same session at once over a fixed number of
// connections; the run checks that the capacity held, that the rest wait in the order they asked,
// and records the latency of every answer.
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import jwt from 'jsonwebtoken';
import { request } from './load.mjs';

/** The rush: 500 members, 50 connections, one session of a 20-place class. */
export const RUSH = { members: 500, connections: 50, capacity: 20 };

/** A session token as the server signs it (server/src/lib/jwt.ts), for a seeded member. */
export function memberToken(secret, id) {
  return jwt.sign({ id, isAdmin: false, iatMs: Date.now() }, secret, { algorithm: 'HS256', expiresIn: '1h' });
}

/** A JSON answer (`request` of load.mjs, on `agent`'s connections). */
async function send(agent, url, { method = 'GET', headers = {} } = {}) {
  const res = await request(url, { method, headers, agent });
  const text = res.body.toString('utf8');
  try {
    return { status: res.status, body: JSON.parse(text) };
  } catch {
    // An error page of a proxy in front: counted as an error by the status, shown as it came.
    return { status: res.status, body: text };
  }
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/**
 * A session of the catalogue that nobody has booked, of a class with `capacity` places, open for
 * booking and starting more than an hour from now, overlapping none of the sessions in `avoid`
 * (`{ start, end }`: the members who book it hold those; an overlapping one would be refused).
 */
export async function pickSession(baseUrl, { capacity = RUSH.capacity, avoid = [] } = {}) {
  const agent = new http.Agent({ keepAlive: true });
  try {
    const lessons = (await send(agent, `${baseUrl}/api/lessons`)).body.filter((l) => l.capacity === capacity);
    for (const lesson of lessons) {
      const { body: sessions } = await send(agent, `${baseUrl}/api/sessions/of/${lesson.id}`);
      const soon = Date.now() + 3_600_000;
      const open = sessions.find(
        (s) =>
          s.bookable &&
          !s.cancelled &&
          s.taken === 0 &&
          s.waiting === 0 &&
          Date.parse(`${s.start}:00Z`) > soon &&
          !avoid.some((held) => s.start < held.end && held.start < s.end),
      );
      if (open) return { lesson: lesson.name, session: open };
    }
    throw new Error(`no open session of a ${capacity}-place class to book`);
  } finally {
    agent.destroy();
  }
}

/**
 * `tokens.length` members book `sessionId` at once over `connections` keep-alive connections: each
 * connection books for its members one after another (member i on connection i mod connections),
 * so the order each connection asked in is known. Returns what the capacity and the order checks
 * found, the answers' statuses and the latency percentiles.
 */
export async function bookingRush(baseUrl, sessionId, tokens, { connections = RUSH.connections, capacity } = {}) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const url = `${baseUrl}/api/sessions/${encodeURIComponent(sessionId)}/booking`;
  const answers = new Array(tokens.length);
  const started = performance.now();
  try {
    await Promise.all(
      Array.from({ length: connections }, async (_, lane) => {
        for (let i = lane; i < tokens.length; i += connections) {
          const t0 = performance.now();
          const res = await send(agent, url, { method: 'POST', headers: { authorization: `Bearer ${tokens[i]}` } });
          answers[i] = { lane, ms: performance.now() - t0, status: res.status, body: res.body };
        }
      }),
    );
  } finally {
    agent.destroy();
  }
  const seconds = (performance.now() - started) / 1000;
  const ok = answers.filter((a) => a.status === 200);
  const confirmed = ok.filter((a) => a.body.result === 'confirmed');
  const waiting = ok.filter((a) => a.body.result === 'waitlisted');
  const positions = waiting.map((a) => a.body.session.mine.position).sort((a, b) => a - b);
  const positionsWhole = positions.every((p, i) => p === i + 1);
  // In the order asked: on each connection, places first, then waitlist positions that only grow.
  let inOrder = true;
  for (let lane = 0; lane < connections; lane++) {
    let last = 0;
    for (let i = lane; i < answers.length; i += connections) {
      const a = answers[i];
      const rank =
        a.body?.result === 'confirmed' ? 0 : a.body?.result === 'waitlisted' ? a.body.session.mine.position : -1;
      if (rank < last || rank === -1) inOrder = false;
      last = Math.max(last, rank);
    }
  }
  const check = new http.Agent();
  const { body: session } = await send(check, `${baseUrl}/api/sessions/${encodeURIComponent(sessionId)}`);
  check.destroy();
  const ms = answers.map((a) => a.ms).sort((a, b) => a - b);
  // Each connection's k-th request, all connections together (the first wave meets a cold server:
  // its caches, its connections to the database, code not yet optimised; the last ones the warm one).
  const waves = [];
  for (let k = 0; k < tokens.length; k += connections) {
    const wave = answers
      .slice(k, k + connections)
      .map((a) => a.ms)
      .sort((a, b) => a - b);
    waves.push({ p50: Math.round(percentile(wave, 50)), p99: Math.round(percentile(wave, 99)) });
  }
  const round = (n) => Math.round(n * 10) / 10;
  return {
    sessionId,
    members: tokens.length,
    connections,
    capacity,
    seconds: round(seconds),
    rps: Math.round(tokens.length / seconds),
    p50: round(percentile(ms, 50)),
    p99: round(percentile(ms, 99)),
    max: round(ms.at(-1)),
    waves,
    errors: answers.length - ok.length,
    statuses: [...new Set(answers.map((a) => a.status))],
    confirmed: confirmed.length,
    waitlisted: waiting.length,
    positionsWhole,
    inOrder,
    stored: { taken: session.taken, waiting: session.waiting, seatsLeft: session.seatsLeft },
  };
}

/** Whether a rush came out as it must: exactly `capacity` places, the rest waiting in order, no error. */
export function rushHeld(r) {
  return (
    r.errors === 0 &&
    r.confirmed === r.capacity &&
    r.waitlisted === r.members - r.capacity &&
    r.positionsWhole &&
    r.inOrder &&
    r.stored.taken === r.capacity &&
    r.stored.waiting === r.members - r.capacity
  );
}
