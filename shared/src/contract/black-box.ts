import { isDemoEmail } from '../demo';
import { weekly } from '../schemas/week';
import { runScenarioSteps, type ContractRequest, type ScenarioResult, type Send, type Vars } from './run';
import { contractScenarios } from './scenarios';
import { BRANCH_HOURS, letters, MEMBER_REVIEW, type World, type WorldLessonKey, type WorldPlanKey } from './world';

/**
 * The contract scenarios black-box against any running Pulso (`npm run test:api`): signed in as an
 * admin the caller names, the run refuses a database that holds real people's accounts (unless
 * allowed), makes a world of its own through the API (accounts, plans, a sede, classes, named with
 * the run's letters), runs every scenario in it, and then removes what it and the scenarios
 * created, through the API: classes retired, sedes deleted, accounts suspended, plans retired,
 * gym events deleted. Nothing it did not create is edited, so runs can follow each other.
 */

export interface BlackBoxOptions {
  admin: { email: string; password: string };
  /** Run even when the database holds accounts that look like real people's. */
  allowRealData?: boolean;
  /** Names this run's data (letters and digits; random by default). */
  runId?: string;
  /** Progress, one line at a time. */
  log?: (line: string) => void;
}

export interface BlackBoxReport {
  runId: string;
  /** Why the scenarios did not run: the admin could not sign in, the database holds real members, ... */
  refused?: string;
  /** What went wrong while the world was made (the scenarios did not run). */
  setupError?: string;
  /** Things about this server worth knowing when reading the results. */
  notes: string[];
  scenarios: ScenarioResult[];
  cleanup: { removed: Record<CreatedKind, number>; failures: string[] };
}

type CreatedKind = 'lesson' | 'branch' | 'account' | 'plan' | 'event';

interface Created {
  kind: CreatedKind;
  id: string;
}

/** Where each kind of record is created, and the id in the answer. */
const CREATIONS: {
  path: RegExp;
  kind: CreatedKind;
  id: (body: Record<string, { id?: string } | undefined>) => unknown;
}[] = [
  { path: /^\/users\/create$/, kind: 'account', id: (b) => b.user?.id },
  { path: /^\/memberships\/create$/, kind: 'plan', id: (b) => b.plan?.id },
  { path: /^\/branchoffice\/create$/, kind: 'branch', id: (b) => b.branchoffice?.id },
  { path: /^\/lessons\/create$/, kind: 'lesson', id: (b) => b.lesson?.id },
  { path: /^\/events$/, kind: 'event', id: (b) => b.event?.id },
];

/**
 * How each kind is removed, in this order (a sede goes once its classes are retired, a trainer once
 * theirs are), and the answers that mean it was already gone.
 */
const REMOVALS: {
  kind: CreatedKind;
  path: (id: string) => string;
  gone: (status: number, code: unknown) => boolean;
}[] = [
  { kind: 'lesson', path: (id) => `/lessons/delete/${id}`, gone: (s) => s === 404 },
  { kind: 'branch', path: (id) => `/branchoffice/delete/${id}`, gone: (s) => s === 404 },
  { kind: 'account', path: (id) => `/users/delete/${id}`, gone: (s, code) => s === 409 && code === 'CONFLICT' },
  { kind: 'plan', path: (id) => `/memberships/delete/${id}`, gone: (s) => s === 404 },
  { kind: 'event', path: (id) => `/events/${id}`, gone: (s) => s === 404 },
];

/** A `send` that notes every record a successful request created. */
function recording(send: Send, created: Created[]): Send {
  return async (request) => {
    const response = await send(request);
    if (request.method === 'POST' && response.status === 201) {
      const creation = CREATIONS.find((c) => c.path.test(request.path));
      const id = creation?.id((response.body ?? {}) as Record<string, { id?: string }>);
      if (creation && typeof id === 'string') created.push({ kind: creation.kind, id });
    }
    return response;
  };
}

class SetupError extends Error {}

/** Sends one request and returns its body, or throws saying what could not be done. */
async function call(send: Send, request: ContractRequest, status: number, what: string): Promise<unknown> {
  const response = await send(request);
  if (response.status !== status) {
    const body = JSON.stringify(response.body) ?? '';
    throw new SetupError(
      `could not ${what}: ${request.method} ${request.path} answered ${response.status} (expected ${status}) ${body.slice(0, 300)}`,
    );
  }
  return response.body;
}

async function signIn(send: Send, account: { email: string; password: string }, who: string): Promise<string> {
  const body = (await call(send, { method: 'POST', path: '/users/login', json: account }, 200, `sign in ${who}`)) as {
    login?: { token?: string };
  };
  if (typeof body.login?.token !== 'string') throw new SetupError(`could not sign in ${who}: no token in the answer`);
  return body.login.token;
}

// ---------- real members ----------

interface Account {
  id: string;
  email: string;
  isAdmin: boolean;
  deletedAt: string | null;
}

/** Every account, active and suspended, through the admin's paged lists. */
async function listAccounts(send: Send, token: string): Promise<Account[]> {
  const accounts: Account[] = [];
  for (const list of ['/users', '/users/deleted']) {
    const limit = 200;
    for (let page = 1; ; page += 1) {
      const path = `${list}?page=${page}&limit=${limit}`;
      const items = (await call(
        send,
        { method: 'GET', path, token },
        200,
        'list the accounts (is it an admin?)',
      )) as Account[];
      accounts.push(...items);
      if (items.length < limit) break;
    }
  }
  return accounts;
}

const TEST_DOMAINS = ['example.com', 'example.net', 'example.org'];
const TEST_TLDS = ['test', 'example', 'invalid', 'localhost'];

/** An e-mail nobody receives mail at: a domain reserved for tests and examples (RFC 2606, RFC 6761). */
export function isTestEmail(email: string): boolean {
  const domain = email.slice(email.lastIndexOf('@') + 1).toLowerCase();
  return (
    TEST_DOMAINS.some((d) => domain === d || domain.endsWith(`.${d}`)) ||
    TEST_TLDS.includes(domain.slice(domain.lastIndexOf('.') + 1))
  );
}

/**
 * The accounts that look like real people's: not admins (the staff running the suite), not the
 * demo accounts of `npm run seed`, and not at a domain reserved for tests (the suite's own accounts
 * are at example.com), whether active or suspended.
 */
export function realMembers(accounts: readonly { email: string; isAdmin: boolean }[]): string[] {
  return accounts.filter((a) => !a.isAdmin && !isDemoEmail(a.email) && !isTestEmail(a.email)).map((a) => a.email);
}

/** `ana.lopez@gmail.com` → `an***@gmail.com`: enough to recognise, not to copy. */
const masked = (email: string) =>
  `${email.slice(0, Math.min(2, email.indexOf('@')))}***${email.slice(email.indexOf('@'))}`;

function realDataRefusal(real: string[]): string {
  const examples = real.slice(0, 5).map(masked).join(', ');
  return [
    `This database holds ${real.length} account${real.length === 1 ? '' : 's'} that look${real.length === 1 ? 's' : ''} like real people's: ${examples}${real.length > 5 ? ', ...' : ''}.`,
    'A real account is one that is not an admin, not a demo account of npm run seed and not at a domain',
    'reserved for tests (example.com, .test, .invalid, ...), active or suspended. While it runs, the suite adds',
    'plans, a sede, classes, accounts and gym events that members would see, and it leaves contact messages,',
    'payments, suspended accounts and retired classes and plans behind. Run it against a database without',
    'real members (a staging copy, a fresh npm start), or allow real data to run it anyway (--allow-real-data).',
  ].join('\n');
}

// ---------- the world ----------

const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

const LESSONS: Record<WorldLessonKey, { days: string[]; start: string; finish: string; available: boolean }> = {
  spinning: { days: ['Lunes', 'Miércoles', 'Viernes'], start: '7:00', finish: '8:00', available: true },
  yoga: { days: ['Martes', 'Jueves'], start: '9:00', finish: '10:00', available: true },
  pilates: { days: ['Lunes', 'Miércoles'], start: '18:00', finish: '19:00', available: true },
  zumba: { days: ['Martes', 'Jueves', 'Sábado'], start: '10:00', finish: '11:00', available: true },
  kickboxing: { days: ['Miércoles', 'Viernes'], start: '19:30', finish: '20:30', available: false },
};

const PLANS: Record<WorldPlanKey, { label: string; duration: number; price: number; benefits: string }> = {
  standar: { label: 'Standar', duration: 1, price: 29.99, benefits: 'Sala de musculación, Zona de cardio' },
  plus: { label: 'Plus', duration: 3, price: 79.99, benefits: 'Acceso a todas las sedes, Clases grupales' },
  premium: { label: 'Premium', duration: 12, price: 299.99, benefits: 'Todas las sedes, Clases ilimitadas' },
};

const JPEG = { name: 'foto.jpg', content: 'jpeg' as const };

/** Makes the run's world through the API as the admin; every record goes through `send`'s ledger. */
async function makeWorld(
  send: Send,
  admin: { email: string; password: string; token: string; id: string },
  runId: string,
  activeAdmins: number,
): Promise<{ world: World; vars: Vars; notes: string[] }> {
  const { token } = admin;
  const tag = capitalised(letters(runId));
  const notes: string[] = [];

  const config = (await call(send, { method: 'GET', path: '/config' }, 200, 'read /config')) as {
    googleClientId: string | null;
    payments: string | null;
  };
  if (config.payments !== 'demo') {
    notes.push(
      `This server takes payments through ${config.payments ?? 'no provider'}; the checkout scenarios use the built-in demo checkout (DEMO_PAYMENTS).`,
    );
  }
  const pick = async (path: string, wanted: string, what: string) => {
    const items = (await call(send, { method: 'GET', path }, 200, `list the ${what}`)) as { name: string }[];
    const name = items.find((i) => i.name === wanted)?.name ?? items[0]?.name;
    if (!name) throw new SetupError(`this server has no ${what}, so no class can be created (npm run seed loads them)`);
    return name;
  };
  const catalog = {
    type: await pick('/types', 'Cardio', 'exercise types'),
    goal: await pick('/goals', 'Resistencia', 'goals'),
  };

  const plans = {} as World['plans'];
  const planIds = {} as Record<WorldPlanKey, string>;
  for (const key of ['standar', 'plus', 'premium'] as const) {
    const { label, ...fields } = PLANS[key];
    const plan = { name: `${label} ${tag}`, ...fields };
    const body = (await call(
      send,
      { method: 'POST', path: '/memberships/create', token, json: plan },
      201,
      `create the plan ${plan.name}`,
    )) as {
      plan: { id: string };
    };
    plans[key] = plan;
    planIds[key] = body.plan.id;
  }

  const account = async (local: string, fullName: string, isMonitor: boolean) => {
    const fields = { email: `${local}-${runId}@example.com`, password: 'Secreta123', fullName, phone: '5512345678' };
    const json = { ...fields, isMonitor: isMonitor ? 'Si' : 'No', isAdmin: 'No' };
    const body = (await call(
      send,
      { method: 'POST', path: '/users/create', token, json },
      201,
      `create ${fields.email}`,
    )) as {
      user: { id: string };
    };
    return { ...fields, id: body.user.id };
  };
  const trainer = await account('carlos', `Carlos ${tag}`, true);
  const member = await account('socio', `Sofía ${tag}`, false);
  const user = await account('usuario', `Diego ${tag}`, false);

  const branch = { name: `Sede Centro ${tag}`, location: 'Avenida del Contrato 123' };
  const branchBody = (await call(
    send,
    {
      method: 'POST',
      path: '/branchoffice/create',
      token,
      multipart: { field: 'officeAttributes', attributes: { ...branch, ...BRANCH_HOURS }, image: JPEG },
    },
    201,
    `create the sede ${branch.name}`,
  )) as { branchoffice: { id: string } };

  const lessons = {} as World['lessons'];
  const lessonIds = {} as Record<WorldLessonKey, string>;
  for (const [key, hours] of Object.entries(LESSONS) as [WorldLessonKey, (typeof LESSONS)[WorldLessonKey]][]) {
    const name = `${capitalised(key)} ${tag}`;
    const attributes = {
      name,
      shortDescription: 'Clase de la suite de contrato',
      description: 'Una clase que la suite de contrato crea y retira',
      effort: '3',
      types: [catalog.type],
      goals: [catalog.goal],
      ...weekly(hours.days, hours.start, hours.finish),
      isAvailable: String(hours.available),
      monitorId: trainer.id,
      officeId: branchBody.branchoffice.id,
    };
    const body = (await call(
      send,
      {
        method: 'POST',
        path: '/lessons/create',
        token,
        multipart: { field: 'lessonAttributes', attributes, image: JPEG },
      },
      201,
      `create the class ${name}`,
    )) as { lesson: { id: string } };
    lessons[key] = name;
    lessonIds[key] = body.lesson.id;
  }

  // The member: a Plus membership taken at the front desk, Spinning and Yoga, and a review of Spinning.
  await call(
    send,
    { method: 'POST', path: '/payments/manual', token, json: { userId: member.id, planId: planIds.plus } },
    201,
    `record the member's ${plans.plus.name} at the front desk`,
  );
  const memberToken = await signIn(send, member, member.email);
  for (const key of ['spinning', 'yoga'] as const) {
    const path = `/users/addlesson/${lessonIds[key]}`;
    await call(
      send,
      { method: 'PUT', path, token: memberToken, json: {} },
      200,
      `add ${lessons[key]} to the member's schedule`,
    );
  }
  const review = { ...MEMBER_REVIEW, lessonId: lessonIds.spinning };
  await call(
    send,
    { method: 'POST', path: '/reviews/create', token: memberToken, json: review },
    201,
    'review Spinning',
  );

  const world: World = {
    alone: false,
    accounts: {
      admin: { email: admin.email, password: admin.password, fullName: '', phone: '' },
      member,
      user,
      trainer,
    },
    plans,
    branch,
    lessons,
    catalog,
    namesake: `Ana Ruiz ${tag}`,
    counts: { availableLessons: 4, lessons: 5, types: 1, goals: 1, branches: 1, users: 4, trainers: 1, plans: 3 },
    skip: {
      ...(activeAdmins > 1
        ? { lastAdmin: `${activeAdmins} admins are active on this server, so none of them is the last one` }
        : {}),
      ...(config.googleClientId ? { googleOff: 'Google sign-in is configured on this server' } : {}),
    },
  };
  return { world, vars: { runId, adminId: admin.id, memberId: member.id, userId: user.id }, notes };
}

// ---------- clean-up ----------

async function removeAll(send: Send, token: string, created: readonly Created[]): Promise<BlackBoxReport['cleanup']> {
  const removed: Record<CreatedKind, number> = { lesson: 0, branch: 0, account: 0, plan: 0, event: 0 };
  const failures: string[] = [];
  for (const removal of REMOVALS) {
    const ids = [...new Set(created.filter((c) => c.kind === removal.kind).map((c) => c.id))];
    for (const id of ids) {
      const path = removal.path(id);
      try {
        const response = await send({ method: 'DELETE', path, token });
        const code = (response.body as { code?: unknown } | undefined)?.code;
        if (response.status === 200) removed[removal.kind] += 1;
        else if (!removal.gone(response.status, code)) {
          failures.push(`DELETE ${path}: ${response.status} ${JSON.stringify(response.body)}`);
        }
      } catch (error) {
        failures.push(`DELETE ${path}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  }
  return { removed, failures };
}

// ---------- the run ----------

/** A new run id: six letters and digits. */
export const newRunId = () => Math.random().toString(36).slice(2, 8).padEnd(6, '0');

/** Runs the contract black-box through `send` (paths under the API's base, `/users/login`, ...). */
export async function runBlackBox(send: Send, options: BlackBoxOptions): Promise<BlackBoxReport> {
  const runId = options.runId ?? newRunId();
  const log = options.log ?? (() => undefined);
  const report: BlackBoxReport = {
    runId,
    notes: [],
    scenarios: [],
    cleanup: { removed: { lesson: 0, branch: 0, account: 0, plan: 0, event: 0 }, failures: [] },
  };
  const created: Created[] = [];
  const ledger = recording(send, created);
  let token = '';
  try {
    token = await signIn(send, options.admin, `the admin ${options.admin.email}`);
    const accounts = await listAccounts(send, token);
    const real = realMembers(accounts);
    if (real.length > 0 && !options.allowRealData) {
      report.refused = realDataRefusal(real);
      return report;
    }
    if (real.length > 0) report.notes.push(`Real data allowed: ${real.length} accounts look like real people's.`);
    const adminId = accounts.find((a) => a.email === options.admin.email.trim().toLowerCase())?.id ?? '';
    const activeAdmins = accounts.filter((a) => a.isAdmin && !a.deletedAt).length;

    log(
      `Making the world of run ${runId}: plans, a sede, classes and accounts named "${capitalised(letters(runId))}".`,
    );
    const made = await makeWorld(ledger, { ...options.admin, token, id: adminId }, runId, activeAdmins).catch(
      (error: unknown) => {
        if (error instanceof SetupError) report.setupError = error.message;
        else throw error;
      },
    );
    if (!made) return report;
    report.notes.push(...made.notes);
    for (const scenario of contractScenarios(made.world)) {
      report.scenarios.push(await runScenarioSteps(scenario, ledger, made.vars));
    }
    return report;
  } catch (error) {
    if (!(error instanceof SetupError)) throw error;
    report.refused = error.message;
    return report;
  } finally {
    // Whatever was made, even by a world or a scenario that failed half-way, goes.
    if (created.length > 0) {
      log(`Removing what run ${runId} created...`);
      report.cleanup = await removeAll(send, token, created);
    }
  }
}

// ---------- the summary ----------

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** Whether the run passed: every scenario ran clean and everything it made was removed. */
export const passed = (report: BlackBoxReport) =>
  !report.refused &&
  !report.setupError &&
  report.scenarios.length > 0 &&
  report.scenarios.every((s) => s.failures.length === 0) &&
  report.cleanup.failures.length === 0;

/** A readable summary: each scenario, what differed, what was skipped and what was removed. */
export function formatReport(report: BlackBoxReport): string {
  const lines: string[] = [];
  if (report.refused) return `Not run: ${report.refused}`;
  for (const s of report.scenarios) {
    const sent = plural(s.ran, 'step', 'steps');
    lines.push(`${s.failures.length === 0 ? '✔' : '✘'} ${s.name} (${sent})`);
    for (const failure of s.failures) lines.push(`    ${failure}`);
    for (const skipped of s.skipped) lines.push(`    skipped "${skipped.step}": ${skipped.why}`);
  }
  if (report.setupError) lines.push(`✘ The world of run ${report.runId} could not be made: ${report.setupError}`);
  for (const note of report.notes) lines.push(`Note: ${note}`);
  if (report.scenarios.some((s) => s.failures.some((f) => / status 429, /.test(f)))) {
    lines.push(
      "Note: the server's rate limits (429) stopped some requests. A run sends 6 registrations, 4 password resets, 3 contact messages and 9 failed sign-ins from one address; raise RATE_LIMIT_* on the server or allow the runner to wait (--max-wait).",
    );
  }
  const { removed, failures } = report.cleanup;
  const done = [
    plural(removed.lesson, 'class retired', 'classes retired'),
    plural(removed.branch, 'sede deleted', 'sedes deleted'),
    plural(removed.account, 'account suspended', 'accounts suspended'),
    plural(removed.plan, 'plan retired', 'plans retired'),
    plural(removed.event, 'gym event deleted', 'gym events deleted'),
  ];
  lines.push(`Clean-up: ${done.join(', ')}.`);
  for (const failure of failures) lines.push(`    not removed: ${failure}`);
  const ok = report.scenarios.filter((s) => s.failures.length === 0).length;
  const steps = report.scenarios.reduce((n, s) => n + s.ran, 0);
  const skipped = report.scenarios.reduce((n, s) => n + s.skipped.length, 0);
  lines.push(
    `Scenarios: ${ok} passed, ${report.scenarios.length - ok} failed; ${plural(steps, 'request', 'requests')} checked, ${plural(skipped, 'step', 'steps')} skipped.`,
  );
  return lines.join('\n');
}
