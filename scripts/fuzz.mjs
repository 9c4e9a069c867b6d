// npm run fuzz: property-based fuzzing of the REST API with schemathesis (from PyPI).
// Builds the server when its sources are newer than the build, starts the production server with
// the demo data on a free port with a throwaway data folder, signs in as the demo member and the
// demo admin, and runs schemathesis against /api/openapi.json three times: anonymous, as member
// and as admin. Exit code 1 when schemathesis reports any failure.
//
// Environment:
//   FUZZ_MAX_EXAMPLES  cases generated per operation in the fuzzing phase (default 30)
//   FUZZ_WORKERS       concurrent schemathesis workers (default 2)
//   FUZZ_ROLES         comma-separated subset of anonymous,member,admin (default all three)
//   FUZZ_SEED          schemathesis random seed (default: a new one each run, printed)
//   SCHEMATHESIS       path of a schemathesis executable to use instead of looking for one
// Reports (JUnit, JSON run report, server log) go to test-results/fuzz/.
import { execFileSync, spawnSync } from 'node:child_process';
import { randomBytes, randomInt } from 'node:crypto';
import { existsSync, mkdirSync, openSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { newest, npm, ROOT, run } from './lib.mjs';
import { startThrowawayServer } from './throwaway-server.mjs';

/** The schemathesis release installed into the private virtualenv (works with Python 3.9 to 3.13). */
const SCHEMATHESIS_VERSION = '4.32.5';
const VENV = path.join(os.homedir(), '.cache', 'pulso', 'fuzz-venv');
const OUT = path.join(ROOT, 'test-results', 'fuzz');

const DEMO = {
  member: { email: 'socio@pulso.demo', password: 'Socio1234' },
  admin: { email: 'admin@pulso.demo', password: 'Admin1234' },
};

/**
 * Operations schemathesis cannot exercise meaningfully, with the reason. They are excluded by
 * exact method and path, and listed in the output of every run.
 */
const NOT_FUZZED = [
  {
    method: 'POST',
    path: '/payments/webhook',
    why: 'Stripe webhook: every body needs a Stripe-Signature made with the webhook secret, so generated events only test the signature check (covered by __tests__/security/payments.api.test.ts)',
  },
];

function positiveInt(name, fallback) {
  const raw = process.env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) {
    console.error(`${name} must be a whole number of at least 1 (got "${raw}").`);
    process.exit(2);
  }
  return value;
}

/** The major.minor.patch of a schemathesis executable, or null when it is not one. */
function schemathesisVersion(executable) {
  try {
    const out = execFileSync(executable, ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
    const match = /^(?:st|schemathesis),? version (\d+)\.(\d+)\.(\d+)/m.exec(out.trim());
    return match ? match.slice(1, 4).map(Number) : null;
  } catch {
    return null;
  }
}

function onPath(name) {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    const candidate = path.join(dir, name);
    if (dir && existsSync(candidate)) return candidate;
  }
  return null;
}

/** Finds schemathesis 4.x (the CLI options used here are those of 4.x) or installs it into VENV. */
function ensureSchemathesis() {
  const candidates = [
    process.env.SCHEMATHESIS,
    onPath('schemathesis'),
    onPath('st'),
    path.join(VENV, 'bin', 'st'),
  ].filter(Boolean);
  for (const candidate of candidates) {
    const version = schemathesisVersion(candidate);
    if (version && version[0] === 4) return { executable: candidate, version: version.join('.') };
  }
  const python = onPath('python3') ?? onPath('python');
  if (!python) throw new Error('schemathesis is not installed and there is no python3 to install it with.');
  console.log(`Installing schemathesis ${SCHEMATHESIS_VERSION} from PyPI into ${VENV} (once)...`);
  mkdirSync(path.dirname(VENV), { recursive: true });
  const steps = [
    [python, ['-m', 'venv', VENV]],
    [path.join(VENV, 'bin', 'python'), ['-m', 'pip', 'install', '--quiet', `schemathesis==${SCHEMATHESIS_VERSION}`]],
  ];
  for (const [command, args] of steps) {
    const result = spawnSync(command, args, { stdio: 'inherit' });
    if (result.status !== 0) throw new Error(`"${command} ${args.join(' ')}" failed (exit ${result.status}).`);
  }
  const executable = path.join(VENV, 'bin', 'st');
  const version = schemathesisVersion(executable);
  if (!version) throw new Error(`schemathesis was installed but ${executable} does not run.`);
  return { executable, version: version.join('.') };
}

/** Only the server is needed (the fuzzer never loads the SPA), so only it is rebuilt when stale. */
async function ensureServerBuilt() {
  const output = path.join(ROOT, 'server', 'dist', 'server.js');
  const sources = [path.join(ROOT, 'server', 'src'), path.join(ROOT, 'shared', 'src')];
  if (existsSync(output) && statSync(output).mtimeMs >= newest(sources)) return;
  console.log('Building the server...');
  const code = await npm(['run', 'build', '-w', 'server']);
  if (code !== 0) throw new Error(`The server build failed (exit ${code}).`);
}

async function signIn(baseUrl, { email, password }) {
  const res = await fetch(`${baseUrl}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const body = await res.json().catch(() => ({}));
  const token = body?.login?.token;
  if (!res.ok || typeof token !== 'string') {
    throw new Error(`Signing in as ${email} failed: ${res.status} ${JSON.stringify(body)}`);
  }
  return token;
}

/** Operations of the document as "METHOD /path", with whether their body is multipart. */
async function describedOperations(baseUrl) {
  const doc = await (await fetch(`${baseUrl}/api/openapi.json`)).json();
  const ops = [];
  for (const [p, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      ops.push({
        method: method.toUpperCase(),
        path: p,
        multipart: Boolean(op.requestBody?.content?.['multipart/form-data']),
      });
    }
  }
  return ops;
}

async function getJson(baseUrl, url, token) {
  const res = await fetch(`${baseUrl}/api${url}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  if (!res.ok) throw new Error(`GET /api${url} answered ${res.status}`);
  return res.json();
}

/** The user id inside a session token (its payload is not checked here, only read). */
function tokenUserId(token) {
  return JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8')).id;
}

/** Real records of the demo data, by kind, read through the API. */
async function demoRecords(baseUrl, tokens) {
  const lessons = await getJson(baseUrl, '/lessons/all');
  const plans = await getJson(baseUrl, '/memberships');
  const { branchOffice } = await getJson(baseUrl, '/branchoffice');
  const users = tokens.admin ? await getJson(baseUrl, '/users', tokens.admin) : [];
  const sessions = [];
  if (tokens.member && plans[0]) {
    const res = await fetch(`${baseUrl}/api/payments/create_checkout`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens.member}` },
      body: JSON.stringify({ planId: plans[0].id }),
    });
    const url = (await res.json().catch(() => ({}))).redirect_url;
    if (typeof url === 'string') sessions.push(url.split('/').pop());
  }
  return {
    'lesson-ids': lessons.map((l) => l.id),
    'plan-ids': plans.map((p) => p.id),
    'user-ids': users.map((u) => u.id),
    'record-ids': [...lessons, ...plans, ...branchOffice, ...users].map((r) => r.id),
    'lesson-names': lessons.map((l) => l.name),
    'session-ids': sessions,
  };
}

/**
 * A schemathesis config naming real records of the demo data: half of the generated ids, class
 * names and session ids are these, so the fuzzer also reaches the handlers behind a found record
 * (success answers and their schemas), not only the 400 and 404 of random values. The caller's own
 * id is kept out of the routes that suspend a user or change a password: either ends the session
 * the rest of the run is made with.
 */
function writeConfig(records, selfId, file) {
  const ids = { ...records, 'other-ids': records['record-ids'].filter((id) => id !== selfId) };
  const toml = (values) => `[${values.map((v) => JSON.stringify(String(v))).join(', ')}]`;
  const bind = {
    'path.id': 'record-ids',
    'path.lessonId': 'lesson-ids',
    'path.name': 'lesson-names',
    'path.sessionId': 'session-ids',
    'body.lessonId': 'lesson-ids',
    'body.planId': 'plan-ids',
    'body.userId': 'user-ids',
    'body.idUser': 'user-ids',
  };
  const binding = (key, name) => `"${key}" = { dictionary = "${name}", probability = 0.5 }`;
  const lines = ['# Written by scripts/fuzz.mjs for one run.', '[dictionaries]'];
  for (const [name, values] of Object.entries(ids)) {
    if (values.length > 0) lines.push(`${name} = { values = ${toml(values)} }`);
  }
  lines.push('', '[parameters]');
  for (const [key, name] of Object.entries(bind)) if (ids[name].length > 0) lines.push(binding(key, name));
  if (ids['other-ids'].length > 0) {
    lines.push('', '[[operations]]', 'include-path-regex = "^/users/(update|delete)/"', '[operations.parameters]');
    lines.push(binding('path.id', 'other-ids'));
  }
  writeFileSync(file, `${lines.join('\n')}\n`);
}

/** Reads the counts of a JUnit report: one testcase per operation, a failure element per failed one. */
function junitSummary(file) {
  if (!existsSync(file)) return null;
  const xml = readFileSync(file, 'utf8');
  const testcases = [...xml.matchAll(/<testcase\b[^>]*\bname="([^"]*)"[^>]*?(\/>|>([\s\S]*?)<\/testcase>)/g)];
  const failed = [];
  const errored = [];
  const skipped = [];
  const operations = testcases.filter(([, name]) => /^[A-Z]+ \//.test(name));
  for (const [, name, , inner = ''] of operations) {
    if (/<failure\b/.test(inner)) failed.push(name);
    else if (/<error\b/.test(inner)) errored.push(name);
    else if (/<skipped\b/.test(inner)) skipped.push(name);
  }
  const stateful = testcases.find(([, name]) => !/^[A-Z]+ \//.test(name));
  if (stateful && /<(failure|error)\b/.test(stateful[3] ?? '')) failed.push(stateful[1]);
  return { operations: operations.length, failed, errored, skipped };
}

/** The total of generated test cases, from the NDJSON event stream (ScenarioFinished events). */
function casesFromNdjson(file) {
  if (!existsSync(file)) return null;
  let cases = 0;
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (!line.trim()) continue;
    let event;
    try {
      event = JSON.parse(line);
    } catch {
      continue;
    }
    const finished = event.ScenarioFinished;
    if (finished?.recorder?.cases) cases += Object.keys(finished.recorder.cases).length;
  }
  return cases;
}

async function main() {
  const maxExamples = positiveInt('FUZZ_MAX_EXAMPLES', 30);
  const workers = positiveInt('FUZZ_WORKERS', 2);
  const seed = process.env.FUZZ_SEED?.trim() || String(randomInt(1, 2 ** 31));
  const roles = (process.env.FUZZ_ROLES?.trim() || 'anonymous,member,admin').split(',').map((r) => r.trim());
  for (const role of roles) {
    if (!['anonymous', 'member', 'admin'].includes(role)) {
      console.error(`FUZZ_ROLES: unknown role "${role}" (use anonymous, member, admin).`);
      process.exit(2);
    }
  }

  const { executable, version } = ensureSchemathesis();
  console.log(`schemathesis ${version}: ${executable}`);
  await ensureServerBuilt();

  rmSync(OUT, { recursive: true, force: true });
  mkdirSync(OUT, { recursive: true });
  const serverLog = path.join(OUT, 'server.log');
  const logFd = openSync(serverLog, 'a');

  const server = await startThrowawayServer({
    stdio: logFd,
    env: {
      NODE_ENV: 'production',
      JWT_SECRET: randomBytes(48).toString('base64url'),
      SEED_DEMO_DATA: 'true',
      // The demo checkout's sessions give the fuzzer real ids to reach the payment routes with.
      DEMO_PAYMENTS: 'true',
      LOG_LEVEL: 'warn',
      // The fuzzer sends thousands of sign-ins, registrations, resets and messages from one IP.
      RATE_LIMIT_LOGIN: '10000000',
      RATE_LIMIT_REGISTER: '10000000',
      RATE_LIMIT_PASSWORD_RESET: '10000000',
      RATE_LIMIT_CONTACT: '10000000',
    },
  });
  let exitCode = 1;
  try {
    console.log(`Server: ${server.baseUrl} (production build, demo data; log: ${path.relative(ROOT, serverLog)})`);
    const operations = await describedOperations(server.baseUrl);
    const notFuzzed = NOT_FUZZED.filter((n) => operations.some((o) => o.method === n.method && o.path === n.path));
    const multipart = operations.filter((o) => o.multipart);
    console.log(`The document describes ${operations.length} operations.`);
    for (const n of notFuzzed) console.log(`Not fuzzed: ${n.method} ${n.path} — ${n.why}.`);
    if (multipart.length > 0) {
      console.log(
        `Multipart uploads fuzzed with generated form fields and bytes (never a valid image, so only their refusals are exercised; the upload suite covers real images): ${multipart.map((o) => `${o.method} ${o.path}`).join(', ')}.`,
      );
    }

    const tokens = {};
    if (roles.includes('member')) tokens.member = await signIn(server.baseUrl, DEMO.member);
    if (roles.includes('admin')) tokens.admin = await signIn(server.baseUrl, DEMO.admin);

    const records = await demoRecords(server.baseUrl, tokens);
    console.log(
      `Real demo records offered to the generator: ${Object.entries(records)
        .map(([k, values]) => `${values.length} ${k}`)
        .join(', ')}.`,
    );

    const checks = [
      'not_a_server_error',
      'status_code_conformance',
      'content_type_conformance',
      'response_schema_conformance',
    ];
    const results = [];
    for (const role of roles) {
      console.log(`\n=== ${role}: schemathesis, ${maxExamples} examples per operation, seed ${seed} ===`);
      const junit = path.join(OUT, `${role}.junit.xml`);
      const ndjson = path.join(OUT, `${role}.ndjson`);
      const configFile = path.join(OUT, `${role}.schemathesis.toml`);
      writeConfig(records, tokens[role] ? tokenUserId(tokens[role]) : null, configFile);
      const args = [
        '--config-file',
        configFile,
        'run',
        `${server.baseUrl}/api/openapi.json`,
        '--checks',
        checks.join(','),
        '--max-examples',
        String(maxExamples),
        '--workers',
        String(workers),
        '--seed',
        seed,
        '--continue-on-failure',
        '--request-timeout',
        '20',
        '--generation-database',
        'none',
        '--report',
        'junit,ndjson',
        '--report-junit-path',
        junit,
        '--report-ndjson-path',
        ndjson,
        '--no-color',
        ...notFuzzed.flatMap((n) => ['--exclude-path', n.path]),
        ...(tokens[role] ? ['--header', `Authorization: Bearer ${tokens[role]}`] : []),
      ];
      // Run from the report folder, where schemathesis and hypothesis leave their working folders.
      const code = await run(executable, args, { cwd: OUT, env: { ...process.env, SCHEMATHESIS_TELEMETRY: 'false' } });
      const summary = junitSummary(junit);
      results.push({ role, code, summary, cases: casesFromNdjson(ndjson) });
    }

    const fivexx = readFileSync(serverLog, 'utf8')
      .split('\n')
      .filter((line) => /"statusCode":5\d\d|"level":50/.test(line)).length;

    console.log('\n=== Fuzzing summary ===');
    let failed = false;
    for (const { role, code, summary, cases } of results) {
      const failures = summary ? summary.failed.length + summary.errored.length : null;
      if (code !== 0 || failures !== 0) failed = true;
      console.log(
        `${role.padEnd(9)} operations ${summary?.operations ?? '?'}, cases ${cases ?? '?'}, failures ${failures ?? '?'} (schemathesis exit ${code})`,
      );
      for (const name of [...(summary?.failed ?? []), ...(summary?.errored ?? [])])
        console.log(`          failed: ${name}`);
    }
    console.log(`Server errors logged: ${fivexx}`);
    for (const n of notFuzzed) console.log(`Not fuzzed: ${n.method} ${n.path}`);
    writeFileSync(
      path.join(OUT, 'summary.json'),
      `${JSON.stringify({ schemathesis: version, seed, maxExamples, results, serverErrors: fivexx, notFuzzed }, null, 2)}\n`,
    );
    exitCode = failed || fivexx > 0 ? 1 : 0;
    console.log(exitCode === 0 ? 'No failures.' : 'Failures found: see above and test-results/fuzz/.');
  } finally {
    await server.stop();
  }
  return exitCode;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error.message);
    process.exit(1);
  },
);
