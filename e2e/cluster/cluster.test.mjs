// Three production servers on one database behave as one site (issue 20, item 9): each test acts
// through one server and checks what the others do. The tests run in order and share the cluster;
// the last one kills server A.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { ROOT } from '../../scripts/lib.mjs';
import {
  CONTACT_TO,
  JOBS_INTERVAL_MS,
  JOBS_LEASE_MS,
  LOGIN_LIMIT,
  METRICS_TOKEN,
  NAMES,
  mongoose,
  startCluster,
  startSmtp,
  until,
} from './cluster.mjs';

/** The bound the read caches promise for another server's write (README, "Several servers"). */
const BOUND_MS = 1_000;

let smtp;
let cluster;
/** @type {Record<'a' | 'b' | 'c', { name: string, baseUrl: string, kill: Function, dataDir: string }>} */
let s;
let adminToken;
let memberToken;
let memberId;
let db;

async function api(instance, route, { method = 'GET', token, json, form } = {}) {
  const headers = {};
  if (token) headers.authorization = `Bearer ${token}`;
  let body;
  if (json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(json);
  } else if (form) body = form;
  const res = await fetch(`${instance.baseUrl}${route}`, { method, headers, body });
  const type = res.headers.get('content-type') ?? '';
  return { status: res.status, body: type.includes('json') ? await res.json() : await res.text() };
}

async function login(instance, email, password) {
  const res = await api(instance, '/api/users/login', { method: 'POST', json: { email, password } });
  assert.equal(res.status, 200, `sign-in of ${email}: ${JSON.stringify(res.body)}`);
  return res.body.login.token;
}

/** The admin's view of the contact messages whose subject carries the tag. */
async function messages(tag, via = s.b) {
  const res = await api(via, '/api/contact', { token: adminToken });
  assert.equal(res.status, 200);
  return res.body.filter((m) => m.subject.includes(tag));
}

async function contact(instance, subject) {
  const res = await api(instance, '/api/contact', {
    method: 'POST',
    json: { user_name: 'Ana Pérez', subject, user_email: 'ana@example.com', company: '', message: 'Hola' },
  });
  assert.equal(res.status, 201, JSON.stringify(res.body));
  return res.body.id;
}

before(
  async () => {
    smtp = startSmtp();
    const smtpPort = await smtp.listen();
    cluster = await startCluster(smtpPort);
    s = cluster.instances;
    // Every sign-in the suite needs happens now: the failed-login test exhausts 127.0.0.1's limit.
    adminToken = await login(s.a, 'admin@pulso.demo', 'Admin1234');
    memberToken = await login(s.b, 'socio@pulso.demo', 'Socio1234');
    memberId = JSON.parse(Buffer.from(memberToken.split('.')[1], 'base64url').toString()).id;
    assert.ok(memberId, 'the session token names its user');
    await mongoose.connect(cluster.database.uri);
    db = mongoose.connection.db;
  },
  { timeout: 180_000 },
);

after(async () => {
  await mongoose.disconnect().catch(() => undefined);
  await cluster?.stop();
  await smtp?.close();
});

/** Waits while nothing should happen: the time for a duplicate e-mail to show up. */
const quiet = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Fails with the servers' recent logs, which say why a server misbehaved. */
async function withLogs(fn) {
  try {
    await fn();
  } catch (error) {
    error.message += `\n${cluster.tails()}`;
    throw error;
  }
}

test('when an admin edits a plan through A, then B and C answer with the edit within 1 s', () =>
  withLogs(async () => {
    const plans = (await api(s.a, '/api/memberships')).body;
    const plan = plans.find((p) => p.name === 'Plus');
    assert.ok(plan, 'the demo plan Plus exists');
    // B and C have the plan list and the plan in their read caches.
    for (const x of [s.b, s.c]) {
      assert.equal((await api(x, '/api/memberships')).status, 200);
      assert.equal((await api(x, `/api/memberships/${plan.id}`)).body.price, plan.price);
    }

    const price = plan.price + 7;
    const edit = await api(s.a, `/api/memberships/update/${plan.id}`, {
      method: 'PUT',
      token: adminToken,
      json: { name: plan.name, benefits: plan.benefits, duration: String(plan.duration), price: String(price) },
    });
    assert.equal(edit.status, 200, JSON.stringify(edit.body));
    const written = Date.now();

    const seen = await Promise.all(
      [s.b, s.c].flatMap((x) => [
        until(`${x.name} lists the new price`, async () => {
          const list = (await api(x, '/api/memberships')).body;
          return list.find((p) => p.id === plan.id)?.price === price && Date.now() - written;
        }),
        until(`${x.name} answers the plan with its new price`, async () => {
          return (await api(x, `/api/memberships/${plan.id}`)).body.price === price && Date.now() - written;
        }),
      ]),
    );
    console.log(`  plan edit through A seen by B and C after ${seen.join(', ')} ms`);
    for (const ms of seen) assert.ok(ms <= BOUND_MS, `seen after ${ms} ms (bound ${BOUND_MS} ms)`);
  }));

test("when an admin suspends a member through A, then B and C refuse the member's token within 1 s", () =>
  withLogs(async () => {
    // B and C have the signed-in member in their caches.
    for (const x of [s.b, s.c])
      assert.equal((await api(x, `/api/users/${memberId}`, { token: memberToken })).status, 200);

    const suspend = await api(s.a, `/api/users/delete/${memberId}`, { method: 'DELETE', token: adminToken });
    assert.equal(suspend.status, 200, JSON.stringify(suspend.body));
    const written = Date.now();

    const refused = await Promise.all(
      [s.b, s.c].map((x) =>
        until(`${x.name} refuses the suspended member`, async () => {
          const res = await api(x, `/api/users/${memberId}`, { token: memberToken });
          if (res.status === 200) return false;
          assert.equal(res.status, 401);
          assert.equal(res.body.code, 'ACCOUNT_SUSPENDED');
          return Date.now() - written;
        }),
      ),
    );
    console.log(`  suspension through A refused by B after ${refused[0]} ms, by C after ${refused[1]} ms`);
    for (const ms of refused) assert.ok(ms <= BOUND_MS, `refused after ${ms} ms (bound ${BOUND_MS} ms)`);
    // And from then on, every server refuses it.
    for (const x of Object.values(s)) {
      assert.equal((await api(x, `/api/users/${memberId}`, { token: memberToken })).status, 401);
    }
  }));

test(`when 25 sign-ins fail at once across A, B and C, then exactly ${LOGIN_LIMIT} are let through and the rest get 429`, () =>
  withLogs(async () => {
    const attempts = Array.from({ length: 25 }, (_, i) =>
      api(s[NAMES[i % 3]], '/api/users/login', {
        method: 'POST',
        json: { email: 'usuario@pulso.demo', password: `Incorrecta${i}` },
      }),
    );
    const answers = await Promise.all(attempts);
    const statuses = answers.map((r) => r.status);
    const limited = answers.filter((r) => r.status === 429);
    assert.equal(statuses.filter((code) => code === 401).length, LOGIN_LIMIT, `statuses: ${statuses.join(' ')}`);
    assert.equal(limited.length, 25 - LOGIN_LIMIT, `statuses: ${statuses.join(' ')}`);
    for (const r of limited) assert.equal(r.body.code, 'RATE_LIMITED');
    // The limit is shared: each server now refuses the next attempt, even with the right password.
    for (const x of Object.values(s)) {
      const res = await api(x, '/api/users/login', {
        method: 'POST',
        json: { email: 'usuario@pulso.demo', password: 'Usuario1234' },
      });
      assert.equal(res.status, 429, `${x.name} after the limit`);
    }
  }));

test('when mail is down, then contact messages stay pending, and when it returns each is e-mailed exactly once though A, B and C all run the retry job', () =>
  withLogs(async () => {
    // All three servers run the contact retry (one of them per period, whoever leases it first).
    const runs = async (x) => {
      const text = (await api(x, '/api/metrics', { token: METRICS_TOKEN })).body;
      return Number(/^pulso_job_runs_total\{job="contact-retry"\} (\d+)/m.exec(text)?.[1] ?? 0);
    };
    await until(
      'A, B and C have each run the contact retry',
      async () => (await Promise.all(NAMES.map((n) => runs(s[n])))).every((n) => n > 0),
      {
        timeoutMs: 30_000,
        everyMs: 250,
      },
    );

    smtp.set('refuse');
    const tag = `caida-${Date.now()}`;
    const ids = [];
    for (const name of NAMES) ids.push(await contact(s[name], `Mensaje ${name} ${tag}`));
    // Each submission tried once and failed; then the retries fail too.
    await until('every message failed at least twice', async () => {
      const list = await messages(tag);
      return list.length === 3 && list.every((m) => m.status === 'pending' && m.attempts >= 2);
    });
    assert.equal(smtp.received.filter((m) => m.subject.includes(tag)).length, 0);

    smtp.set('accept');
    await until('every message was sent', async () => (await messages(tag)).every((m) => m.status === 'sent'), {
      timeoutMs: 15_000,
      everyMs: 100,
    });
    // Three more periods of three servers retrying: nothing is sent again.
    await quiet(3 * JOBS_INTERVAL_MS);
    const mails = smtp.received.filter((m) => m.subject.includes(tag));
    assert.equal(mails.length, 3, `e-mails: ${mails.map((m) => `${m.subject} (${m.from})`).join(', ')}`);
    for (const name of NAMES) {
      assert.equal(mails.filter((m) => m.subject === `[Contacto] Mensaje ${name} ${tag}`).length, 1, `message ${name}`);
    }
    assert.equal(ids.length, new Set(ids).size);
    console.log(`  sent by ${mails.map((m) => m.from).join(', ')} to ${CONTACT_TO}`);
  }));

test('when a sede with an image is created through A, then B and C serve the image at the same /uploads path', () =>
  withLogs(async () => {
    const image = readFileSync(path.join(ROOT, 'server', 'seed-images', 'clase-boxeo.jpg'));
    const form = new FormData();
    form.set(
      'officeAttributes',
      JSON.stringify({
        // Names are letters only: a unique one spells the time in letters.
        name: `Sede Cluster ${[...String(Date.now())].map((d) => 'abcdefghij'[Number(d)]).join('')}`,
        location: 'Avenida Juárez 123',
        scheduleDays: ['Lunes', 'Miércoles', 'Viernes'],
        scheduleHourStart: '7:00',
        scheduleHourFinish: '22:00',
      }),
    );
    form.set('image', new Blob([image], { type: 'image/jpeg' }), 'boxeo.jpg');
    const created = await api(s.a, '/api/branchoffice/create', { method: 'POST', token: adminToken, form });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const url = created.body.branchoffice.image;
    assert.match(url, /^\/uploads\/[\w-]+\.jpg$/);
    // Kept in the database, not on A's disk.
    assert.equal(existsSync(path.join(s.a.dataDir, url.slice(1))), false);

    for (const x of [s.b, s.c]) {
      const res = await fetch(`${x.baseUrl}${url}`);
      assert.equal(res.status, 200, `${x.name} serves ${url}`);
      assert.equal(res.headers.get('content-type'), 'image/jpeg');
      assert.deepEqual(Buffer.from(await res.arrayBuffer()), image, `${x.name} serves the same bytes`);
    }
  }));

test("when A dies (SIGKILL) while it holds a contact message's lease, then after the lease expires B or C sends it, once", () =>
  withLogs(async () => {
    // How A comes to hold the lease: a visitor writes through A, and A claims the message (an
    // insert of job_leases `contact:<id>#0`) before e-mailing it; the SMTP server never answers
    // the MAIL FROM of whoever holds the claim, so it waits holding it. Killed there, it never
    // finishes or releases the claim; the others' retries skip the message until the lease has
    // expired, then one of them inserts generation #1 and sends it.
    // Whoever claims first is left hanging: almost always A, through the submission; B's or C's
    // retry can claim a just-stored message first (one period in many), and then that server is
    // the one killed, which shows the same takeover.
    smtp.set('hang');
    const tag = `caida-a-${Date.now()}`;
    const id = await contact(s.a, `Mensaje ${tag}`);
    const { from: holderName } = await until(
      'the e-mail of the claim holder is waiting on the SMTP server',
      () => smtp.hung[0],
    );
    const holder = s[holderName.replace('instance-', '')];
    const others = NAMES.filter((name) => name !== holder.name);
    smtp.set('accept', others);
    const leases = db.collection('job_leases');
    const claim = await leases.findOne({ _id: `contact:${id}#0` });
    assert.ok(claim, `${holder.name} leased the message`);
    assert.equal(claim.state, 'running');

    await holder.kill('SIGKILL');
    const killedAt = Date.now();

    await until(`${others.join(' or ')} sent the message`, () => smtp.received.some((m) => m.subject.includes(tag)), {
      timeoutMs: JOBS_LEASE_MS + 15_000,
      everyMs: 50,
    });
    const mail = smtp.received.find((m) => m.subject.includes(tag));
    assert.notEqual(mail.from, holderName);
    assert.ok(
      mail.at >= claim.expiresAt.getTime(),
      `sent ${claim.expiresAt.getTime() - mail.at} ms before the dead server's lease expired`,
    );
    // Three more periods: the living servers do not send it again.
    await quiet(3 * JOBS_INTERVAL_MS);
    assert.equal(smtp.received.filter((m) => m.subject.includes(tag)).length, 1);

    const [message] = await messages(tag, s[others[0]]);
    assert.equal(message.status, 'sent');
    assert.equal(message.attempts, 1);
    const generations = await leases
      .find({ key: `contact:${id}` })
      .sort({ generation: 1 })
      .toArray();
    assert.deepEqual(
      generations.map((g) => [g.generation, g.state, g.owner === claim.owner]),
      [
        [0, 'running', true],
        [1, 'done', false],
      ],
    );
    console.log(
      `  ${holder.name} killed; its lease expired ${claim.expiresAt.getTime() - killedAt} ms later; ${mail.from} sent the message ${mail.at - killedAt} ms after the kill`,
    );
  }));
