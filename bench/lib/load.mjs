/* global process, Buffer, setInterval, clearInterval, setTimeout */
// autocannon runs and the helpers around them: one-off requests, limit servers, RSS sampling.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';

const HERE = path.dirname(fileURLToPath(import.meta.url));

/**
 * One request (its body as sent, never decoded, as autocannon sees it): status, headers and body.
 * `agent`: keep-alive connections shared with other requests (Node's global agent by default).
 */
export function request(url, { method = 'GET', headers = {}, body, agent } = {}) {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers, agent }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * autocannon 9 appends every chunk of every response body to a string (`req.body += data` in its
 * PipelinedRequestsQueue) for `expectBody`/`verifyBody`/`onResponse`, none of which the benchmark
 * uses. Decoding and concatenating is the load generator's work, not the server's, and it grows with
 * the body: at 88 KB it held a bare server to 741 req/s and p99 134 ms, without it 4,668 req/s and
 * 18 ms. Every run (Pulso and its limits alike) therefore counts the bytes and drops the bodies.
 * Throws if autocannon's internals change, rather than measuring silently with the cost back.
 */
export function discardBodies(client) {
  const queue = client.pipelinedRequests;
  if (typeof queue?.addBody !== 'function') {
    throw new Error('autocannon changed: Client.pipelinedRequests.addBody is gone (see bench/lib/load.mjs)');
  }
  queue.addBody = () => {};
}

/**
 * Node gives every read of a socket a new Buffer (up to 64 KB), memory outside V8's heap that
 * V8 answers with full collections: reading the 3,000-lesson list (88 KB an answer) autocannon
 * ran about 31 of them a second (408 in 13 s against 1 at 30 lessons), spending 15 % of its main
 * thread on them and, with V8's background GC threads, more than one of the two cores the server
 * needs too. Its latencies then measured itself: p99 9-10 ms with 15-22k req/s, against 3-6 ms
 * and 17-30k req/s when those collections ran on its own thread alone.
 *
 * So autocannon's sockets read into one reused buffer (Node's `onread` option) and are handed each
 * read as a view of it, as 'data' as before. The view is only valid during that call, which is
 * how autocannon uses it: its parser consumes it at once, and its bodies are dropped
 * (discardBodies()). Called once in the autocannon process, before any run, for Pulso and the
 * limits alike; throws if autocannon stops connecting through `net.connect(port, host)`.
 */
export function readIntoOneBuffer() {
  const connect = net.connect;
  const buffer = Buffer.allocUnsafe(256 * 1024);
  net.connect = function connectReusingBuffer(...args) {
    if (typeof args[0] !== 'number' || typeof args[1] !== 'string') {
      throw new Error('autocannon changed: it no longer calls net.connect(port, host) (see bench/lib/load.mjs)');
    }
    const socket = connect({
      port: args[0],
      host: args[1],
      onread: { buffer, callback: (bytes, buf) => void socket.emit('data', buf.subarray(0, bytes)) },
    });
    return socket;
  };
}

/**
 * One autocannon run after its warm-up, in a process of its own (bench/lib/autocannon-run.mjs).
 * Latencies in ms.
 * @param {{ url: string, connections: number, duration: number, warmup: number, method?: string,
 *   headers?: Record<string, string>, body?: string }} options
 */
export async function measure({ url, connections, duration, warmup, method = 'GET', headers = {}, body }) {
  const options = JSON.stringify({ url, connections, method, headers, body, duration, warmup });
  const result = await new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(HERE, 'autocannon-run.mjs'), options], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const chunks = [];
    child.stdout.on('data', (chunk) => chunks.push(chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`autocannon against ${url} exited with ${code}`));
      try {
        resolve(JSON.parse(Buffer.concat(chunks).toString()));
      } catch (error) {
        reject(error);
      }
    });
  });
  return {
    connections,
    durationS: duration,
    requests: result.requests.total,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  };
}

/**
 * Starts bench/lib/limit-server.mjs sending the given bodies (the very bytes of the targets'
 * answers, compressed where Pulso compresses, so both sides send and parse the same thing).
 * `url(size)` is the address of the body of that size.
 */
export async function startLimitServer(kind, bodies) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pulso-limit-'));
  const files = bodies.map((body, i) => {
    const file = path.join(dir, `${i}.body`);
    writeFileSync(file, body);
    return file;
  });
  const child = await startListening(`The ${kind} limit server`, 'limit-server.mjs', [kind, ...files]);
  child.process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  return { ...child, url: (size) => `${child.baseUrl}/b/${size}` };
}

/**
 * Starts bench/lib/proxy.mjs, a round-robin balancer in a process of its own, in front of the
 * servers listening on the given ports of 127.0.0.1; a session's bookings go to one server, as
 * Caddyfile.cluster sends them, unless `roundRobin`. `stats()` gives the requests each one got.
 */
export async function startProxy(ports, { roundRobin = false } = {}) {
  const child = await startListening('The proxy', 'proxy.mjs', [
    ...(roundRobin ? ['--round-robin'] : []),
    ...ports.map(String),
  ]);
  return {
    ...child,
    /** @returns {Promise<{ port: number, requests: number, errors: number }[]>} */
    stats: async () => JSON.parse((await request(`${child.baseUrl}/__proxy/stats`)).body.toString()),
  };
}

/** Runs one of this folder's scripts that prints {"port": n} on its first line once it listens. */
async function startListening(what, script, args) {
  const child = spawn(process.execPath, [path.join(HERE, script), ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const line = await new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${what} exited with ${code}`)));
    readline.createInterface({ input: child.stdout }).once('line', resolve);
  });
  const { port } = JSON.parse(line);
  return {
    process: child,
    pid: child.pid,
    port,
    baseUrl: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', resolve);
        child.kill('SIGTERM');
      }),
  };
}

function statusKb(pid, field) {
  try {
    const match = readFileSync(`/proc/${pid}/status`, 'utf8').match(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm'));
    return match ? Number(match[1]) : 0;
  } catch {
    return 0;
  }
}

/** CPU time (user + system) a process has used, in clock ticks (0 once it has exited). */
function cpuTicks(pid) {
  try {
    // The fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ').at(-1).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0;
  }
}

/** The CPU the given processes used together over the next `ms`, in cores (Linux's 100 ticks a second). */
export async function cpuCores(pids, ms) {
  const before = pids.reduce((sum, pid) => sum + cpuTicks(pid), 0);
  await new Promise((resolve) => setTimeout(resolve, ms));
  const after = pids.reduce((sum, pid) => sum + cpuTicks(pid), 0);
  return (after - before) / 100 / (ms / 1000);
}

/** A process's resident memory now, in MB (0 once it has exited). */
export function rssMb(pid) {
  return Math.round(statusKb(pid, 'VmRSS') / 1024);
}

/** Samples a process's resident memory every 200 ms; peak() is the larger of VmHWM and the samples (MB). */
export function watchMemory(pid) {
  let peakKb = 0;
  const timer = setInterval(() => {
    peakKb = Math.max(peakKb, statusKb(pid, 'VmRSS'));
  }, 200);
  timer.unref();
  return {
    peak() {
      peakKb = Math.max(peakKb, statusKb(pid, 'VmHWM'), statusKb(pid, 'VmRSS'));
      return Math.round(peakKb / 1024);
    },
    stop() {
      clearInterval(timer);
      return this.peak();
    },
  };
}
