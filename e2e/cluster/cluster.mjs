// The cluster suite's fixtures: one embedded database (as `npm run db` starts it), three built
// production servers on it, and a real SMTP server run inside the test process whose answer each
// test chooses per server.
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from '../../scripts/lib.mjs';
import { startThrowawayDatabase, startThrowawayServer } from '../../scripts/throwaway-server.mjs';

// smtp-server and mongoose are the server workspace's (development) dependencies.
const serverRequire = createRequire(path.join(ROOT, 'server', 'package.json'));
const { SMTPServer } = serverRequire('smtp-server');
export const mongoose = serverRequire('mongoose');

export const NAMES = ['a', 'b', 'c'];
export const JWT_SECRET = 'cluster-suite-secret-0123456789abcdefghijklmnop';
export const METRICS_TOKEN = 'cluster-suite-metrics-token';
export const CONTACT_TO = 'recepcion@cluster.test';
/** Short job settings, so a dead server's lease ends within seconds (defaults: 5 min and 2 min). */
export const JOBS_INTERVAL_MS = 1_000;
export const JOBS_LEASE_MS = 3_000;
export const LOGIN_LIMIT = 20;

/**
 * A real SMTP server on 127.0.0.1. Each server names itself in EHLO (`?name=instance-<x>` in its
 * SMTP_URL, a nodemailer option), so the test decides per server what its next attempt meets:
 * - `accept`: the message is received and kept;
 * - `refuse`: MAIL FROM answers 421 (mail is down: the server keeps the message for a retry);
 * - `hang`: MAIL FROM is never answered (the server waits, holding its claim on the message).
 */
export function startSmtp() {
  /** @type {{ from: string, subject: string, at: number }[]} */
  const received = [];
  /** @type {{ from: string, at: number }[]} */
  const hung = [];
  /** @type {Record<string, 'accept' | 'refuse' | 'hang'>} */
  const policy = Object.fromEntries(NAMES.map((name) => [`instance-${name}`, 'accept']));
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onMailFrom(_address, session, callback) {
      const from = session.hostNameAppearsAs;
      const mode = policy[from] ?? 'refuse';
      if (mode === 'hang') {
        hung.push({ from, at: Date.now() });
        return;
      }
      if (mode === 'refuse') {
        const error = new Error('Mail is down (cluster suite)');
        error.responseCode = 421;
        return callback(error);
      }
      callback();
    },
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk) => (raw += chunk.toString()));
      stream.on('end', () => {
        const subject = /^Subject: (.*)$/m.exec(raw)?.[1]?.trim() ?? '';
        received.push({ from: session.hostNameAppearsAs, subject, at: Date.now() });
        callback();
      });
    },
  });
  return {
    received,
    hung,
    /** @param {'accept' | 'refuse' | 'hang'} mode @param {string[]} names */
    set(mode, names = NAMES) {
      for (const name of names) policy[`instance-${name}`] = mode;
    },
    async listen() {
      await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
      return server.server.address().port;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/**
 * One database, then three servers started at the same moment on it (so their start-up work meets
 * the start-up lock), each with its own data folder and port, images in GridFS, short job periods.
 */
export async function startCluster(smtpPort) {
  const logDir = mkdtempSync(path.join(os.tmpdir(), 'pulso-cluster-logs-'));
  const database = await startThrowawayDatabase();
  const logs = Object.fromEntries(NAMES.map((name) => [name, path.join(logDir, `instance-${name}.log`)]));
  const fds = NAMES.map((name) => openSync(logs[name], 'a'));
  let servers;
  try {
    servers = await Promise.all(
      NAMES.map((name, i) =>
        startThrowawayServer({
          stdio: fds[i],
          readyTimeoutMs: 120_000,
          env: {
            MONGODB_URI: database.uri,
            JWT_SECRET,
            METRICS_TOKEN,
            SEED_DEMO_DATA: 'true',
            STORAGE: 'gridfs',
            SMTP_URL: `smtp://127.0.0.1:${smtpPort}/?name=instance-${name}`,
            CONTACT_TO,
            JOBS_INTERVAL_MS: String(JOBS_INTERVAL_MS),
            JOBS_LEASE_MS: String(JOBS_LEASE_MS),
            READ_CACHE_SYNC_MS: '250',
            RATE_LIMIT_LOGIN: String(LOGIN_LIMIT),
            RATE_LIMIT_CONTACT: '50',
            LOG_LEVEL: 'warn',
          },
        }),
      ),
    );
  } catch (error) {
    await database.stop();
    throw new Error(`${error.message}\n${tails(logs)}`);
  } finally {
    fds.forEach((fd) => closeSync(fd));
  }
  const instances = Object.fromEntries(NAMES.map((name, i) => [name, { name, ...servers[i] }]));
  return {
    database,
    instances,
    /** The end of every server's log, for a failure message. */
    tails: () => tails(logs),
    async stop() {
      await Promise.all(servers.map((server) => server.stop()));
      await database.stop();
      rmSync(logDir, { recursive: true, force: true });
    },
  };
}

function tails(logs) {
  return Object.entries(logs)
    .map(([name, file]) => {
      let text = '';
      try {
        text = readFileSync(file, 'utf8').split('\n').slice(-15).join('\n');
      } catch {
        // no log yet
      }
      return `── instance ${name} (${file}) ──\n${text}`;
    })
    .join('\n');
}

/** Polls `check` until it returns a truthy value (returned), or fails naming what was awaited. */
export async function until(what, check, { timeoutMs = 10_000, everyMs = 25 } = {}) {
  const start = Date.now();
  let last;
  for (;;) {
    last = await check();
    if (last) return last;
    if (Date.now() - start > timeoutMs) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
