import {
  branchChangeErrors,
  ERROR_CODES,
  hasErrors,
  lessonName,
  lessonNameKey,
  lessonReferences,
  lessonScheduleErrors,
  MAX_IMAGE_BYTES,
  MESSAGES,
  normalizeEmail,
  PAGE_SIZE_DEFAULT,
  PAGE_SIZE_MAX,
  passwordError,
  toBoolean,
  toFieldErrorDetails,
  validateAdminUserForm,
  validateBranchForm,
  validateContactForm,
  validateLessonForm,
  validateLogin,
  validatePlanForm,
  validateProfile,
  validateRegister,
  membershipClasses,
  planEvent,
  type BranchDto,
  type CalendarEventDto,
  type CheckoutSessionDto,
  type ContactMessageDto,
  type FieldErrors,
  type LessonDto,
  type LessonListItemDto,
  type LessonSummaryDto,
  type MembershipDto,
  type MonitorDto,
  type NamedSchedule,
  type PaymentDto,
  type PlanDto,
  type StatsDto,
  type UserDetailDto,
  type UserDto,
  type UserListItemDto,
  withClassNames,
} from '@pulso/shared';
import { MockDb, type LessonRec, type MembershipRec, type PaymentRec, type PlanRec, type UserRec } from './db';
import { checkId, errorResponse, json, MockHttpError, readBody, validateBody, type ParsedBody } from './http';

/**
 * The API contract answered in the browser (or in node for the contract suite), route by route
 * like server/src/modules/*: same paths, bodies, rules, Spanish messages, roles and error shape.
 */

interface AuthUser {
  id: string;
  isAdmin: boolean;
  isMonitor: boolean;
  email: string;
  hasActiveMembership: boolean;
}

interface Ctx {
  request: Request;
  url: URL;
  params: Record<string, string>;
  body: ParsedBody;
  user: AuthUser | null;
}

type Handler = (ctx: Ctx) => Response | Promise<Response>;

interface Route {
  method: string;
  pattern: RegExp;
  keys: string[];
  guard?: 'auth' | 'admin' | 'selfOrAdmin';
  handler: Handler;
}

export interface MockApiOptions {
  db?: MockDb;
  /** Settings GET /config answers. */
  config?: { gymName: string; currency: string };
}

const DAY = 86_400_000;
const PENDING_REUSE_MS = 23 * 60 * 60 * 1000;

// ---------- helpers shared by the routes ----------

function isActive(m: MembershipRec | null | undefined, now = new Date()): boolean {
  return !!m && new Date(m.start) <= now && now <= new Date(m.end);
}

function membershipDto(m: MembershipRec | null): MembershipDto | null {
  if (!m) return null;
  return { planId: m.planId, name: m.name, start: m.start, end: m.end, status: isActive(m) ? 'Activo' : 'Inactivo' };
}

function base64Url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  bytes.forEach((b) => (binary += String.fromCharCode(b)));
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function randomHex(bytes: number): string {
  const data = new Uint8Array(bytes);
  crypto.getRandomValues(data);
  return Array.from(data, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The real type of an upload from its first bytes, as server/src/lib/upload.ts sniffs it. */
function sniffImage(data: Uint8Array): 'jpg' | 'png' | null {
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'jpg';
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (data.length >= 8 && png.every((b, i) => data[i] === b)) return 'png';
  return null;
}

/** An upload kept as a data URL, so it survives a reload with the rest of the demo data. */
function toDataUrl(bytes: Uint8Array, kind: 'jpg' | 'png'): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return `data:image/${kind === 'jpg' ? 'jpeg' : 'png'};base64,${btoa(binary)}`;
}

interface Upload {
  name: string;
  bytes: Uint8Array;
}

async function uploadOf(form: FormData | null): Promise<Upload | null> {
  const file = form?.get('image');
  if (!file || typeof file === 'string') return null;
  if (file.size > MAX_IMAGE_BYTES) {
    throw new MockHttpError(413, ERROR_CODES.PAYLOAD_TOO_LARGE, MESSAGES.api.imageTooLarge, [
      { field: 'image', message: MESSAGES.api.imageTooLarge },
    ]);
  }
  return { name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) };
}

/** `lessonAttributes` / `officeAttributes`: the JSON text of a multipart form (server jsonField). */
function jsonField(body: ParsedBody, name: string): Record<string, unknown> {
  const raw = (body.json as Record<string, unknown>)[name];
  if (typeof raw !== 'string') {
    throw new MockHttpError(400, ERROR_CODES.VALIDATION_FAILED, MESSAGES.api.validation, [
      { field: name, message: MESSAGES.api.missingAttributes },
    ]);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new MockHttpError(400, ERROR_CODES.INVALID_JSON, MESSAGES.api.invalidJson);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new MockHttpError(400, ERROR_CODES.INVALID_JSON, MESSAGES.api.invalidJson);
  }
  return parsed as Record<string, unknown>;
}

function imageContent(upload: Upload | null): string | undefined {
  if (!upload) return undefined;
  const kind = sniffImage(upload.bytes);
  if (!kind) {
    throw new MockHttpError(415, ERROR_CODES.UNSUPPORTED_MEDIA_TYPE, MESSAGES.lessonForm.imageType, [
      { field: 'image', message: MESSAGES.lessonForm.imageType },
    ]);
  }
  return toDataUrl(upload.bytes, kind);
}

function parsePage(query: URLSearchParams): { page: number; limit: number } {
  const read = (value: string | null, fallback: number, max: number) => {
    if (typeof value !== 'string' || !/^\d{1,6}$/.test(value)) return fallback;
    return Math.min(Math.max(Number(value), 1), max);
  };
  return {
    page: read(query.get('page'), 1, 100_000),
    limit: read(query.get('limit'), PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX),
  };
}

const byName = <T extends { name: string }>(a: T, b: T) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
const USER_FIELDS = {
  fullName: 'string',
  email: 'string',
  password: 'string',
  currentPassword: 'string',
  phone: 'string',
  isMonitor: 'booleanOrString',
  isAdmin: 'booleanOrString',
} as const;
const LESSON_FIELDS = {
  name: 'string',
  shortDescription: 'string',
  description: 'string',
  effort: 'numberOrString',
  types: 'stringArray',
  goals: 'stringArray',
  scheduleDays: 'stringArray',
  scheduleHourStart: 'string',
  scheduleHourFinish: 'string',
  isAvailable: 'booleanOrString',
  monitorId: 'string',
  officeId: 'string',
  monitor: 'string',
  branchoffice: 'stringOrStringArray',
} as const;
const BRANCH_FIELDS = {
  name: 'string',
  location: 'string',
  scheduleDays: 'stringArray',
  scheduleHourStart: 'string',
  scheduleHourFinish: 'string',
} as const;

function parseDate(value: unknown): Date | null {
  if (typeof value !== 'string' || value.length > 40) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

// ---------- the API ----------

export class MockApi {
  readonly db: MockDb;
  private readonly config: { gymName: string; currency: string };
  private readonly routes: Route[] = [];

  constructor(options: MockApiOptions = {}) {
    this.db = options.db ?? new MockDb();
    this.config = options.config ?? { gymName: 'Pulso', currency: 'usd' };
    this.register();
  }

  private get d() {
    return this.db.data;
  }

  /** Answers one request to `<anything>/api/...`. */
  async handle(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const path = url.pathname.replace(/^.*?\/api(?=\/|$)/, '') || '/';
    try {
      const result = await this.dispatch(request, url, path);
      return result;
    } catch (error) {
      if (error instanceof MockHttpError) return errorResponse(error);
      console.error('[Modo demo] error inesperado', error);
      return errorResponse(new MockHttpError(500, ERROR_CODES.INTERNAL_ERROR, MESSAGES.api.internal));
    }
  }

  private async dispatch(request: Request, url: URL, path: string): Promise<Response> {
    const method = request.method.toUpperCase();
    if (method === 'GET' && path === '/health') return json({ status: 'ok', uptime: 0 });
    if (method === 'GET' && path === '/ready') return json({ status: 'ready', database: 'up' });
    if (method === 'GET' && (path === '/config' || path === '/config/')) {
      return json({ ...this.config, googleClientId: null, payments: 'demo' }, 200, {
        'Cache-Control': 'public, max-age=300',
      });
    }
    const body = await readBody(request);
    const user = this.authenticate(request.headers.get('authorization'));
    for (const route of this.routes) {
      if (route.method !== method) continue;
      const match = route.pattern.exec(path);
      if (!match) continue;
      const params: Record<string, string> = {};
      route.keys.forEach((key, i) => {
        params[key] = decodeURIComponent(match[i + 1] ?? '');
      });
      if (route.guard) {
        if (!user) throw MockHttpError.unauthenticated();
        if (route.guard === 'admin' && !user.isAdmin) throw MockHttpError.forbidden();
        if (route.guard === 'selfOrAdmin' && !user.isAdmin && user.id !== params.id) throw MockHttpError.forbidden();
      }
      const response = await route.handler({ request, url, params, body, user });
      if (method !== 'GET') this.db.save();
      return response;
    }
    throw new MockHttpError(404, ERROR_CODES.ROUTE_NOT_FOUND, MESSAGES.api.routeNotFound);
  }

  private on(method: string, path: string, handler: Handler, guard?: Route['guard']) {
    const keys: string[] = [];
    const source = path
      .split('/')
      .map((part) => {
        if (!part.startsWith(':')) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        keys.push(part.slice(1));
        return '([^/]+)';
      })
      .join('/');
    this.routes.push({ method, pattern: new RegExp(`^${source}/?$`), keys, guard, handler });
  }

  // ---------- sessions ----------

  private sign(claims: { id: string; isAdmin: boolean }, after = 0): string {
    const iat = Math.floor(Date.now() / 1000);
    const token = [
      base64Url(JSON.stringify({ alg: 'none', typ: 'JWT' })),
      base64Url(JSON.stringify({ id: claims.id, isAdmin: claims.isAdmin, iat, exp: iat + 7 * 24 * 3600 })),
      randomHex(16),
    ].join('.');
    // Milliseconds, as the server's `iatMs`: a session opened just before a password change or a
    // suspension must not pass for one opened just after.
    this.d.tokens[token] = { ...claims, issuedAt: Math.max(Date.now(), after + 1) };
    return token;
  }

  private authenticate(header: string | null): AuthUser | null {
    if (!header) return null;
    const token = /^Bearer ([\w-]+\.[\w-]+\.[\w-]*)$/.exec(header.trim())?.[1];
    const claims = token ? this.d.tokens[token] : undefined;
    if (!claims) throw MockHttpError.unauthenticated(MESSAGES.api.invalidSession);
    const user = this.d.users.find((u) => u.id === claims.id);
    if (!user) throw MockHttpError.unauthenticated(MESSAGES.api.invalidSession);
    if (user.deletedAt) throw new MockHttpError(401, ERROR_CODES.ACCOUNT_SUSPENDED, MESSAGES.auth.suspended);
    if (claims.issuedAt <= (user.sessionsValidAfter ?? 0))
      throw MockHttpError.unauthenticated(MESSAGES.api.invalidSession);
    return {
      id: user.id,
      isAdmin: user.isAdmin,
      isMonitor: user.isMonitor,
      email: user.email,
      hasActiveMembership: isActive(user.membership),
    };
  }

  // ---------- mappers ----------

  private summary(l: LessonRec): LessonSummaryDto {
    return {
      id: l.id,
      name: l.name,
      scheduleDays: l.scheduleDays,
      scheduleHourStart: l.scheduleHourStart,
      scheduleHourFinish: l.scheduleHourFinish,
    };
  }

  private taughtBy(userId: string): LessonSummaryDto[] {
    return this.d.lessons
      .filter((l) => l.monitor === userId && !l.deletedAt)
      .sort(byName)
      .map((l) => this.summary(l));
  }

  private userLessons(u: UserRec): LessonSummaryDto[] {
    return u.lessons.flatMap((id) => {
      const lesson = this.d.lessons.find((l) => l.id === id);
      return lesson ? [this.summary(lesson)] : [];
    });
  }

  private userDto(u: UserRec): UserDto {
    const detail: UserDetailDto = {
      fullName: u.fullName,
      email: u.email,
      phone: u.phone,
      isMonitor: u.isMonitor,
      isAdmin: u.isAdmin,
      lessonDetails: this.userLessons(u),
    };
    return {
      id: u.id,
      ...detail,
      deletedAt: u.deletedAt,
      statusMembershipIdStatus: isActive(u.membership) ? 'Activo' : 'Inactivo',
      membresia: membershipDto(u.membership),
      detalle: detail,
      monitorLessons: this.taughtBy(u.id),
    };
  }

  private userListItem(u: UserRec): UserListItemDto {
    return {
      id: u.id,
      fullName: u.fullName,
      email: u.email,
      phone: u.phone,
      isMonitor: u.isMonitor,
      isAdmin: u.isAdmin,
      deletedAt: u.deletedAt,
      statusMemberShipIdStatus: isActive(u.membership) ? 'Activo' : 'Inactivo',
      membresia: membershipDto(u.membership),
      lessonDetails: this.userLessons(u).map((l) => ({ id: l.id, name: l.name })),
    };
  }

  private planDto(p: PlanRec, withStatus = false): PlanDto {
    return {
      id: p.id,
      name: p.name,
      duration: p.duration,
      benefits: p.benefits,
      price: p.price,
      ...(withStatus ? { deletedAt: p.deletedAt } : {}),
    };
  }

  private lessonItem(l: LessonRec): LessonListItemDto {
    return {
      id: l.id,
      name: l.name,
      shortDescription: l.shortDescription,
      image: l.image,
      effort: String(l.effort),
      types: l.types,
      exercisesTypes: l.types.map((name) => ({ name })),
      goals: l.goals,
      scheduleDays: l.scheduleDays,
      scheduleHourStart: l.scheduleHourStart,
      scheduleHourFinish: l.scheduleHourFinish,
      isAvailable: l.isAvailable,
      monitor: this.d.users.find((u) => u.id === l.monitor)?.fullName ?? '',
      monitorId: l.monitor,
      branchoffice: this.d.branches.find((b) => b.id === l.office)?.name ?? '',
      officeId: l.office,
      averageStars: l.averageStars,
    };
  }

  private lessonDto(l: LessonRec): LessonDto {
    const reviews = this.d.reviews
      .filter((r) => r.lesson === l.id)
      .sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0))
      .slice(0, 200)
      .map((r) => ({
        id: r.id,
        user: this.d.users.find((u) => u.id === r.user)?.fullName ?? '',
        userId: r.user,
        stars: r.stars,
        description: r.description,
        createdAt: r.createdAt,
      }));
    return {
      ...this.lessonItem(l),
      description: l.description,
      reviewCount: l.reviewCount,
      reviews,
      deletedAt: l.deletedAt,
    };
  }

  private branchDto(b: BranchDto): BranchDto {
    return {
      id: b.id,
      name: b.name,
      location: b.location,
      image: b.image,
      scheduleDays: b.scheduleDays,
      scheduleHourStart: b.scheduleHourStart,
      scheduleHourFinish: b.scheduleHourFinish,
    };
  }

  private paymentDto(p: PaymentRec): PaymentDto {
    return {
      id: p.id,
      userId: p.user,
      planId: p.plan,
      planName: p.planName,
      amount: p.amount,
      currency: p.currency,
      provider: p.provider,
      status: p.status,
      createdAt: p.createdAt,
      paidAt: p.paidAt,
      membershipStart: p.membershipStart,
      membershipEnd: p.membershipEnd,
    };
  }

  private contactDto(c: (typeof this.d.contacts)[number]): ContactMessageDto {
    return { ...c, status: 'sent', attempts: 1, sentAt: c.createdAt };
  }

  // ---------- lookups ----------

  private userById(id: string): UserRec {
    const user = this.d.users.find((u) => u.id === checkId(id));
    if (!user) throw new MockHttpError(404, ERROR_CODES.NOT_FOUND, MESSAGES.users.notFound);
    return user;
  }

  private lessonById(id: string, includeRetired = false): LessonRec {
    const lesson = this.d.lessons.find((l) => l.id === checkId(id) && (includeRetired || !l.deletedAt));
    if (!lesson) throw MockHttpError.notFound(MESSAGES.lessons.notFound);
    return lesson;
  }

  private planOnSale(id: string): PlanRec {
    const plan = this.d.plans.find((p) => p.id === checkId(id) && !p.deletedAt);
    if (!plan) throw MockHttpError.notFound(MESSAGES.api.planNotFound);
    return plan;
  }

  private emailTaken(): MockHttpError {
    return new MockHttpError(409, ERROR_CODES.EMAIL_TAKEN, MESSAGES.userForm.emailTaken, undefined, {
      success: false,
    });
  }

  /** A trainer who still teaches classes keeps the role and the account (409 naming the classes). */
  private ensureTeachesNothing(userId: string, message: string) {
    const taught = this.taughtBy(userId);
    if (taught.length === 0) return;
    throw new MockHttpError(
      409,
      ERROR_CODES.TRAINER_IN_USE,
      withClassNames(
        message,
        taught.map((l) => l.name),
      ),
      {
        lessons: taught.map((l) => ({ id: l.id, name: l.name })),
      },
    );
  }

  private ensureAnotherAdmin(id: string) {
    if (!this.d.users.some((u) => u.id !== id && u.isAdmin && !u.deletedAt)) {
      throw new MockHttpError(409, ERROR_CODES.LAST_ADMIN, MESSAGES.users.lastAdmin);
    }
  }

  // ---------- routes ----------

  private register() {
    this.registerUsers();
    this.registerPlans();
    this.registerBranches();
    this.registerLessons();
    this.on('GET', '/types', () => json([...this.d.types].sort(byName)));
    this.on('GET', '/goals', () => json([...this.d.goals].sort(byName)));
    this.registerReviews();
    this.registerEvents();
    this.registerPayments();
    this.registerContact();
    this.on('GET', '/stats', () => json(this.stats()), 'admin');
  }

  private registerUsers() {
    const loginFailure = (status: number, code: string, message: string) =>
      new MockHttpError(status, code, message, undefined, { login: { success: false, token: null, message } });

    this.on('POST', '/users/login', ({ body }) => {
      const { email, password } = validateBody<{ email: string; password: string }>(
        body.json,
        { email: 'string', password: 'string' },
        (input) => validateLogin(input),
        { legacy: (message) => ({ login: { success: false, token: null, message } }) },
      );
      const user = this.d.users.find((u) => u.email === normalizeEmail(email));
      if (!user) throw loginFailure(404, ERROR_CODES.USER_NOT_FOUND, MESSAGES.auth.userNotFound);
      if (!user.password || user.password !== password)
        throw loginFailure(401, ERROR_CODES.WRONG_PASSWORD, MESSAGES.auth.wrongPassword);
      if (user.deletedAt) throw loginFailure(403, ERROR_CODES.ACCOUNT_SUSPENDED, MESSAGES.auth.suspended);
      const token = this.sign({ id: user.id, isAdmin: user.isAdmin });
      return json({ login: { success: true, token, message: MESSAGES.auth.loggedIn } });
    });

    this.on('POST', '/users/create', ({ body, user: caller }) => {
      const byAdmin = caller?.isAdmin === true;
      const input = validateBody<Record<string, string | boolean | undefined>>(
        body.json,
        USER_FIELDS,
        (i) => (byAdmin ? validateAdminUserForm(i, 'create') : validateRegister(i)),
        { legacy: (message) => ({ success: false, message }) },
      );
      const email = normalizeEmail(String(input.email));
      if (this.d.users.some((u) => u.email === email)) throw this.emailTaken();
      const fullName = (typeof input.fullName === 'string' && input.fullName.trim()) || email.split('@')[0] || email;
      const id = this.db.id();
      this.d.users.push({
        id,
        fullName,
        email,
        password: String(input.password),
        phone: typeof input.phone === 'string' ? input.phone.trim() : '',
        isMonitor: byAdmin ? (toBoolean(input.isMonitor) ?? false) : false,
        isAdmin: byAdmin ? (toBoolean(input.isAdmin) ?? false) : false,
        deletedAt: null,
        membership: null,
        lessons: [],
        createdAt: new Date().toISOString(),
      });
      const created = byAdmin ? { id } : { id, token: this.sign({ id, isAdmin: false }) };
      return json({ success: true, user: created, message: MESSAGES.auth.registered }, 201);
    });

    this.on('POST', '/users/google', ({ body }) => {
      validateBody(body.json, { credential: 'string' }, (input): FieldErrors =>
        typeof input.credential === 'string' && input.credential !== ''
          ? {}
          : { credential: MESSAGES.auth.googleRejected },
      );
      throw new MockHttpError(404, ERROR_CODES.ROUTE_NOT_FOUND, MESSAGES.auth.googleOff);
    });

    this.on('POST', '/users/forgot', ({ body }) => {
      validateBody(body.json, { email: 'string' }, (input): FieldErrors => {
        const errors = validateRegister({ email: input.email, password: 'Valida123' });
        return errors.email ? { email: errors.email } : {};
      });
      return json({ message: MESSAGES.auth.forgotSent });
    });

    this.on('POST', '/users/reset', ({ body }) => {
      validateBody(body.json, { token: 'string', password: 'string' }, (input): FieldErrors => {
        const problem = passwordError(input.password);
        const errors: FieldErrors = problem ? { password: problem } : {};
        if (typeof input.token !== 'string' || !/^[\w-]{20,100}$/.test(input.token))
          errors.token = MESSAGES.auth.resetInvalid;
        return errors;
      });
      // The mock sends no e-mails, so no reset link is ever valid.
      throw new MockHttpError(400, ERROR_CODES.VALIDATION_FAILED, MESSAGES.auth.resetInvalid, [
        { field: 'token', message: MESSAGES.auth.resetInvalid },
      ]);
    });

    const list = (suspended: boolean) => (ctx: Ctx) => {
      const { page, limit } = parsePage(ctx.url.searchParams);
      const rows = this.d.users
        .map((u, index) => ({ u, index }))
        .filter(({ u }) => (suspended ? !!u.deletedAt : !u.deletedAt))
        .sort((a, b) => {
          const ka = suspended ? (a.u.deletedAt ?? '') : a.u.createdAt;
          const kb = suspended ? (b.u.deletedAt ?? '') : b.u.createdAt;
          return ka !== kb ? (ka < kb ? 1 : -1) : b.index - a.index;
        })
        .map(({ u }) => u);
      const items = rows.slice((page - 1) * limit, page * limit).map((u) => this.userListItem(u));
      return json(items, 200, { 'X-Total-Count': String(rows.length) });
    };
    this.on('GET', '/users', list(false), 'admin');
    this.on('GET', '/users/deleted', list(true), 'admin');
    this.on(
      'GET',
      '/users/monitor',
      () => {
        const monitor: MonitorDto[] = this.d.users
          .filter((u) => u.isMonitor && !u.deletedAt)
          .sort((a, b) => (a.fullName < b.fullName ? -1 : a.fullName > b.fullName ? 1 : 0))
          .map((u) => ({
            id: u.id,
            fullName: u.fullName,
            email: u.email,
            lessonDetails: this.taughtBy(u.id).map((l) => ({ id: l.id, name: l.name })),
          }));
        return json({ monitor });
      },
      'admin',
    );

    this.on(
      'PUT',
      '/users/update/:id',
      ({ body, params, user: caller }) => {
        const isAdmin = caller?.isAdmin === true;
        const self = caller?.id === params.id;
        const input = validateBody<Record<string, string | boolean | undefined>>(
          body.json,
          USER_FIELDS,
          (i) => (isAdmin && !(self && i.email === undefined) ? validateAdminUserForm(i, 'edit') : validateProfile(i)),
          { legacy: (message) => ({ success: false, message }) },
        );
        const user = this.userById(params.id ?? '');
        const str = (v: unknown) => (typeof v === 'string' ? v : undefined);
        const fullName = str(input.fullName);
        const phone = str(input.phone);
        const password = str(input.password);
        if (password && self) {
          const fail = (code: string, message: string) =>
            new MockHttpError(400, code, message, [{ field: 'currentPassword', message }], { success: false });
          const current = str(input.currentPassword);
          if (!user.password) throw fail(ERROR_CODES.VALIDATION_FAILED, MESSAGES.auth.noPasswordYet);
          if (!current) throw fail(ERROR_CODES.VALIDATION_FAILED, MESSAGES.auth.currentPasswordRequired);
          if (current !== user.password)
            throw fail(ERROR_CODES.WRONG_CURRENT_PASSWORD, MESSAGES.auth.currentPasswordWrong);
        }
        if (isAdmin) {
          const wantsAdmin = toBoolean(input.isAdmin);
          if (wantsAdmin !== undefined && user.isAdmin && !wantsAdmin && !user.deletedAt)
            this.ensureAnotherAdmin(user.id);
          const email = str(input.email);
          if (email !== undefined) {
            const normal = normalizeEmail(email);
            if (this.d.users.some((u) => u.email === normal && u.id !== user.id)) throw this.emailTaken();
            user.email = normal;
          }
          const monitor = toBoolean(input.isMonitor);
          if (monitor === false && user.isMonitor)
            this.ensureTeachesNothing(user.id, MESSAGES.users.trainerRoleTeaches);
          if (monitor !== undefined) user.isMonitor = monitor;
          if (wantsAdmin !== undefined) user.isAdmin = wantsAdmin;
        }
        if (fullName !== undefined) user.fullName = fullName.trim();
        if (phone !== undefined) user.phone = phone.trim();
        let token: string | undefined;
        if (password) {
          user.password = password;
          // A new password ends every older session; the caller's own continues with a new token.
          user.sessionsValidAfter = Date.now();
          if (caller?.id === user.id)
            token = this.sign({ id: caller.id, isAdmin: caller.isAdmin }, user.sessionsValidAfter);
        }
        return json({
          success: true,
          message: MESSAGES.users.updated,
          user: this.userDto(user),
          ...(token ? { token } : {}),
        });
      },
      'selfOrAdmin',
    );

    this.on(
      'PUT',
      '/users/restore/:id',
      ({ params }) => {
        const user = this.userById(params.id ?? '');
        if (!user.deletedAt) throw MockHttpError.conflict(MESSAGES.users.notSuspended);
        user.deletedAt = null;
        return json({ success: true, message: MESSAGES.users.restored });
      },
      'admin',
    );

    this.on(
      'PUT',
      '/users/addlesson/:lessonId',
      ({ body, params, user: caller }) => {
        const { idUser } = validateBody<{ idUser?: string }>(body.json, { idUser: 'string' });
        if (!caller) throw MockHttpError.unauthenticated();
        const target = idUser ?? caller.id;
        if (!caller.isAdmin && target !== caller.id) throw MockHttpError.forbidden();
        const lesson = this.lessonById(params.lessonId ?? '');
        const fail = (status: number, code: string, message: string) =>
          new MockHttpError(status, code, message, undefined, { error: message });
        if (!lesson.isAvailable) throw fail(409, ERROR_CODES.CONFLICT, MESSAGES.lessons.notAvailable);
        const targetId = checkId(target);
        const user = this.d.users.find((u) => u.id === targetId && !u.deletedAt);
        if (!user) throw fail(404, ERROR_CODES.NOT_FOUND, MESSAGES.users.notFound);
        if (!isActive(user.membership)) throw fail(403, ERROR_CODES.FORBIDDEN, MESSAGES.lessons.membershipRequired);
        if (this.userLessons(user).some((l) => l.name === lesson.name))
          throw fail(409, ERROR_CODES.CONFLICT, MESSAGES.lessons.alreadyHeld);
        if (!user.lessons.includes(lesson.id)) user.lessons.push(lesson.id);
        return json({ exito: MESSAGES.lessons.added });
      },
      'auth',
    );

    this.on(
      'DELETE',
      '/users/delete/:id',
      ({ params }) => {
        const user = this.userById(params.id ?? '');
        if (user.deletedAt) throw MockHttpError.conflict(MESSAGES.users.alreadySuspended);
        if (user.isMonitor) this.ensureTeachesNothing(user.id, MESSAGES.users.trainerTeaches);
        if (user.isAdmin) this.ensureAnotherAdmin(user.id);
        user.deletedAt = new Date().toISOString();
        // Suspension ends every session, and a restore does not bring them back.
        user.sessionsValidAfter = Date.now();
        return json({ success: true, message: MESSAGES.users.deleted });
      },
      'selfOrAdmin',
    );

    this.on('GET', '/users/:id', ({ params }) => json(this.userDto(this.userById(params.id ?? ''))), 'selfOrAdmin');
  }

  private registerPlans() {
    const fields = (body: ParsedBody) => {
      const input = validateBody<{ name: string; benefits: string; duration: string | number; price: string | number }>(
        body.json,
        { name: 'string', benefits: 'string', duration: 'numberOrString', price: 'numberOrString' },
        (i) => validatePlanForm(i),
      );
      return {
        name: input.name.trim(),
        benefits: input.benefits.trim(),
        duration: Number(input.duration),
        price: Number(input.price),
      };
    };
    const nameTaken = () => MockHttpError.conflict(MESSAGES.planForm.nameTaken);
    const sorted = () => [...this.d.plans].sort((a, b) => a.price - b.price || byName(a, b));

    this.on('GET', '/memberships', () =>
      json(
        sorted()
          .filter((p) => !p.deletedAt)
          .map((p) => this.planDto(p)),
      ),
    );
    this.on('GET', '/memberships/all', () => json(sorted().map((p) => this.planDto(p, true))), 'admin');
    this.on(
      'POST',
      '/memberships/create',
      ({ body }) => {
        const f = fields(body);
        if (this.d.plans.some((p) => p.name === f.name)) throw nameTaken();
        const plan: PlanRec = { id: this.db.id(), ...f, deletedAt: null };
        this.d.plans.push(plan);
        return json({ message: MESSAGES.planForm.created, plan: this.planDto(plan) }, 201);
      },
      'admin',
    );
    this.on(
      'PUT',
      '/memberships/update/:id',
      ({ body, params }) => {
        const f = fields(body);
        const plan = this.planOnSale(params.id ?? '');
        if (this.d.plans.some((p) => p.name === f.name && p.id !== plan.id)) throw nameTaken();
        Object.assign(plan, f);
        return json({ message: MESSAGES.planForm.updated, plan: this.planDto(plan) });
      },
      'admin',
    );
    this.on(
      'DELETE',
      '/memberships/delete/:id',
      ({ params }) => {
        this.planOnSale(params.id ?? '').deletedAt = new Date().toISOString();
        return json({ message: MESSAGES.planForm.deleted });
      },
      'admin',
    );
    this.on(
      'PUT',
      '/memberships/restore/:id',
      ({ params }) => {
        const id = checkId(params.id ?? '');
        const plan = this.d.plans.find((p) => p.id === id && p.deletedAt);
        if (!plan) throw MockHttpError.notFound(MESSAGES.api.planNotFound);
        plan.deletedAt = null;
        return json({ message: MESSAGES.planForm.restored });
      },
      'admin',
    );
    this.on('GET', '/memberships/:id', ({ params }) => json(this.planDto(this.planOnSale(params.id ?? ''))));
  }

  private registerBranches() {
    const form = async (body: ParsedBody, mode: 'create' | 'update') => {
      const upload = await uploadOf(body.form);
      const input = validateBody<{
        name: string;
        location: string;
        scheduleDays: string[];
        scheduleHourStart: string;
        scheduleHourFinish: string;
      }>(jsonField(body, 'officeAttributes'), BRANCH_FIELDS, (i) =>
        validateBranchForm({ ...i, image: upload?.name ?? '' }, { requireImage: mode === 'create' }),
      );
      const image = imageContent(upload);
      return {
        image,
        fields: {
          name: input.name.trim(),
          location: input.location.trim(),
          scheduleDays: input.scheduleDays,
          scheduleHourStart: input.scheduleHourStart,
          scheduleHourFinish: input.scheduleHourFinish,
        },
      };
    };
    const find = (id: string) => {
      const branch = this.d.branches.find((b) => b.id === checkId(id));
      if (!branch) throw MockHttpError.notFound(MESSAGES.branches.notFound);
      return branch;
    };
    const nameTaken = () => MockHttpError.conflict(MESSAGES.branches.nameTaken);

    this.on('GET', '/branchoffice', () =>
      json({ branchOffice: [...this.d.branches].sort(byName).map((b) => this.branchDto(b)) }),
    );
    this.on(
      'POST',
      '/branchoffice/create',
      async ({ body }) => {
        const { image, fields } = await form(body, 'create');
        if (this.d.branches.some((b) => b.name === fields.name)) throw nameTaken();
        const branch = { id: this.db.id(), ...fields, image: image ?? '' };
        this.d.branches.push(branch);
        return json({ message: MESSAGES.branches.created, branchoffice: this.branchDto(branch) }, 201);
      },
      'admin',
    );
    this.on(
      'PUT',
      '/branchoffice/update/:id',
      async ({ body, params }) => {
        const { image, fields } = await form(body, 'update');
        const branch = find(params.id ?? '');
        const held = this.d.lessons.filter((l) => l.office === branch.id && !l.deletedAt);
        const outside = branchChangeErrors(fields, held);
        if (hasErrors(outside)) throw MockHttpError.validation(outside);
        if (this.d.branches.some((b) => b.name === fields.name && b.id !== branch.id)) throw nameTaken();
        Object.assign(branch, fields, image ? { image } : {});
        return json({ message: MESSAGES.branches.updated, branchoffice: this.branchDto(branch) });
      },
      'admin',
    );
    this.on(
      'DELETE',
      '/branchoffice/delete/:id',
      ({ params }) => {
        const branch = find(params.id ?? '');
        if (this.d.lessons.some((l) => l.office === branch.id && !l.deletedAt))
          throw MockHttpError.conflict(MESSAGES.branches.inUse);
        this.d.branches = this.d.branches.filter((b) => b.id !== branch.id);
        return json({ message: MESSAGES.branches.deleted });
      },
      'admin',
    );
    this.on('GET', '/branchoffice/:id', ({ params }) => json({ branchoffice: this.branchDto(find(params.id ?? '')) }));
  }

  private registerLessons() {
    const form = async (body: ParsedBody, mode: 'create' | 'update') => {
      const upload = await uploadOf(body.form);
      const input = validateBody<{
        name: string;
        shortDescription: string;
        description: string;
        effort: string | number;
        types: string[];
        goals: string[];
        scheduleDays: string[];
        scheduleHourStart: string;
        scheduleHourFinish: string;
        isAvailable: boolean | string;
        monitorId?: string;
        officeId?: string;
        monitor?: string;
        branchoffice?: string | string[];
      }>(jsonField(body, 'lessonAttributes'), LESSON_FIELDS, (i) =>
        validateLessonForm({ ...i, image: upload?.name ?? '' }, { requireImage: mode === 'create' }),
      );
      const image = imageContent(upload);
      // As the server's lessons mapper: the trainer and the sede by id, or by name (the spec's clients).
      const refs = lessonReferences(input);
      const trainers = this.d.users.filter(
        (u) =>
          u.isMonitor &&
          !u.deletedAt &&
          ('id' in refs.trainer ? u.id === refs.trainer.id : u.fullName === refs.trainer.name),
      );
      const monitor = trainers.length === 1 ? trainers[0] : undefined;
      const office = this.d.branches.find((b) =>
        'id' in refs.branch ? b.id === refs.branch.id : b.name === refs.branch.name,
      );
      const types = new Set(this.d.types.map((t) => t.name));
      const goals = new Set(this.d.goals.map((g) => g.name));
      const badTypes = input.types.filter((t) => !types.has(t));
      const badGoals = input.goals.filter((g) => !goals.has(g));
      const errors: FieldErrors = {};
      if (!monitor)
        errors.monitor =
          'name' in refs.trainer && trainers.length > 1
            ? MESSAGES.lessons.ambiguousMonitor(refs.trainer.name, trainers.length)
            : MESSAGES.lessons.unknownMonitor;
      if (!office) errors.branchoffice = MESSAGES.lessons.unknownBranch;
      if (badTypes.length) errors.types = `${MESSAGES.lessons.unknownTypes}: ${badTypes.join(', ')}`;
      if (badGoals.length) errors.goals = `${MESSAGES.lessons.unknownGoals}: ${badGoals.join(', ')}`;
      if (!monitor || !office || badTypes.length || badGoals.length) throw MockHttpError.validation(errors);
      return {
        image,
        branch: office,
        fields: {
          name: lessonName(input.name),
          shortDescription: input.shortDescription.trim(),
          description: input.description.trim(),
          effort: Number(input.effort),
          types: input.types,
          goals: input.goals,
          scheduleDays: input.scheduleDays,
          scheduleHourStart: input.scheduleHourStart,
          scheduleHourFinish: input.scheduleHourFinish,
          isAvailable: input.isAvailable === true || input.isAvailable === 'true' || input.isAvailable === 'Activa',
          monitor: monitor.id,
          office: office.id,
        },
      };
    };
    const nameTaken = () => MockHttpError.conflict(MESSAGES.lessons.nameTaken);
    /** As the server's lessons service: another class (retired too) with the name in any case or accents. */
    const nameIsTaken = (name: string, except?: string) =>
      this.d.lessons.some((l) => lessonNameKey(l.name) === lessonNameKey(name) && l.id !== except);
    /** The server's schedule rules (shared lessonScheduleErrors) against the trainer's current classes. */
    const scheduleErrors = (
      fields: Pick<LessonRec, 'scheduleDays' | 'scheduleHourStart' | 'scheduleHourFinish' | 'isAvailable' | 'monitor'>,
      branch: NamedSchedule,
      id?: string,
    ) =>
      lessonScheduleErrors(
        { ...fields, id },
        branch,
        this.d.lessons.filter((l) => !l.deletedAt && l.monitor === fields.monitor),
      );
    const scope = (which: 'available' | 'all' | 'retired') => () =>
      json(
        this.d.lessons
          .filter((l) =>
            which === 'available' ? !l.deletedAt && l.isAvailable : which === 'all' ? !l.deletedAt : !!l.deletedAt,
          )
          .sort(byName)
          .map((l) => this.lessonItem(l)),
      );

    this.on('GET', '/lessons', scope('available'));
    this.on('GET', '/lessons/all', scope('all'));
    this.on('GET', '/lessons/retired', scope('retired'), 'admin');
    this.on('GET', '/lessons/detail/:id', ({ params }) => json(this.lessonDto(this.lessonById(params.id ?? ''))));
    this.on(
      'POST',
      '/lessons/create',
      async ({ body }) => {
        const { image, fields, branch } = await form(body, 'create');
        if (nameIsTaken(fields.name)) throw nameTaken();
        const schedule = scheduleErrors(fields, branch);
        if (hasErrors(schedule)) throw MockHttpError.validation(schedule);
        const lesson: LessonRec = {
          id: this.db.id(),
          ...fields,
          image: image ?? '',
          averageStars: 0,
          reviewCount: 0,
          deletedAt: null,
        };
        this.d.lessons.push(lesson);
        return json({ message: MESSAGES.lessons.created, lesson: this.lessonDto(lesson) }, 201);
      },
      'admin',
    );
    this.on(
      'PUT',
      '/lessons/update/:id',
      async ({ body, params }) => {
        const { image, fields, branch } = await form(body, 'update');
        const lesson = this.lessonById(params.id ?? '');
        if (fields.name !== lesson.name && nameIsTaken(fields.name, lesson.id)) throw nameTaken();
        const schedule = scheduleErrors(fields, branch, lesson.id);
        if (hasErrors(schedule)) throw MockHttpError.validation(schedule);
        Object.assign(lesson, fields, image ? { image } : {});
        return json({ message: MESSAGES.lessons.updated, lesson: this.lessonDto(lesson) });
      },
      'admin',
    );
    this.on(
      'DELETE',
      '/lessons/delete/:id',
      ({ params }) => {
        this.lessonById(params.id ?? '').deletedAt = new Date().toISOString();
        return json({ message: MESSAGES.lessons.deleted });
      },
      'admin',
    );
    this.on(
      'PUT',
      '/lessons/restore/:id',
      ({ params }) => {
        const id = checkId(params.id ?? '');
        const lesson = this.d.lessons.find((l) => l.id === id && l.deletedAt);
        if (!lesson) throw MockHttpError.notFound(MESSAGES.lessons.notFound);
        const branch = this.d.branches.find((b) => b.id === lesson.office);
        const errors = branch
          ? scheduleErrors(lesson, branch, lesson.id)
          : { branchoffice: MESSAGES.lessons.unknownBranch };
        if (hasErrors(errors)) {
          const reasons = [MESSAGES.lessons.restoreConflict, ...Object.values(errors)].join('. ');
          throw new MockHttpError(409, ERROR_CODES.CONFLICT, reasons, toFieldErrorDetails(errors));
        }
        lesson.deletedAt = null;
        return json({ message: MESSAGES.lessons.restored });
      },
      'admin',
    );
    this.on('GET', '/lessons/:name', ({ params }) => {
      const name = lessonName(params.name ?? '');
      const lesson = this.d.lessons.find((l) => l.name === name && !l.deletedAt);
      if (!lesson) throw MockHttpError.notFound(MESSAGES.lessons.notFound);
      return json(this.lessonDto(lesson));
    });
  }

  private registerReviews() {
    this.on(
      'POST',
      '/reviews/create',
      ({ body, user }) => {
        const input = validateBody<{ stars: string | number; description?: string; userId?: string; lessonId: string }>(
          body.json,
          { stars: 'numberOrString', description: 'string', userId: 'string', lessonId: 'string' },
          (i) => {
            const errors: FieldErrors = {};
            if (!/^[1-5]$/.test(String(i.stars ?? ''))) errors.stars = MESSAGES.reviews.starsRange;
            if (typeof i.description === 'string' && i.description.length > 500)
              errors.description = MESSAGES.reviews.descriptionTooLong;
            if (typeof i.lessonId !== 'string' || i.lessonId === '') errors.lessonId = MESSAGES.lessons.notFound;
            return errors;
          },
        );
        if (!user) throw MockHttpError.unauthenticated();
        if (input.userId !== undefined && input.userId !== user.id) throw MockHttpError.forbidden();
        if (!user.hasActiveMembership) throw MockHttpError.forbidden(MESSAGES.lessons.membershipRequired);
        const lesson = this.lessonById(input.lessonId);
        const existing = this.d.reviews.find((r) => r.user === user.id && r.lesson === lesson.id);
        const stars = Number(input.stars);
        const description = input.description?.trim() ?? '';
        if (existing) Object.assign(existing, { stars, description });
        else
          this.d.reviews.push({
            id: this.db.id(),
            user: user.id,
            lesson: lesson.id,
            stars,
            description,
            createdAt: new Date().toISOString(),
          });
        const mine = this.d.reviews.filter((r) => r.lesson === lesson.id);
        const total = mine.reduce((sum, r) => sum + r.stars, 0);
        lesson.reviewCount = mine.length;
        lesson.averageStars = mine.length ? Math.round((total / mine.length) * 10) / 10 : 0;
        return json({ message: MESSAGES.reviews.created, averageStars: lesson.averageStars }, 201);
      },
      'auth',
    );
  }

  private registerEvents() {
    this.on(
      'GET',
      '/events',
      ({ url, user }) => {
        const from = parseDate(url.searchParams.get('start') ?? undefined);
        const to = parseDate(url.searchParams.get('end') ?? undefined);
        if (!from || !to || to <= from)
          throw new MockHttpError(400, ERROR_CODES.VALIDATION_FAILED, MESSAGES.events.rangeRequired);
        if (to.getTime() - from.getTime() > 62 * DAY)
          throw new MockHttpError(400, ERROR_CODES.VALIDATION_FAILED, MESSAGES.events.rangeTooLong);
        const me = this.userDto(this.userById(user?.id ?? ''));
        const active = me.membresia?.status === 'Activo' ? me.membresia : null;
        const gym: CalendarEventDto[] = this.d.events
          .filter((e) => new Date(e.start) < to && new Date(e.end) > from)
          .sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : 0))
          .map((e) => ({ id: e.id, title: e.title, start: e.start, end: e.end, kind: 'gym', allDay: false }));
        return json([
          ...planEvent(active, me.lessonDetails, from, to),
          ...(active ? membershipClasses(active, me.lessonDetails, from, to) : []),
          ...gym,
        ]);
      },
      'auth',
    );
    this.on(
      'POST',
      '/events',
      ({ body, user }) => {
        const input = validateBody<{ title: string; start: string; end: string }>(
          body.json,
          { title: 'string', start: 'string', end: 'string' },
          (i) => {
            const m = MESSAGES.events;
            const errors: FieldErrors = {};
            const title = typeof i.title === 'string' ? i.title.trim() : '';
            if (!title) errors.title = m.titleRequired;
            else if (title.length > 100) errors.title = m.titleTooLong;
            const start = parseDate(i.start);
            const end = parseDate(i.end);
            if (!start) errors.start = m.startRequired;
            if (!end) errors.end = m.endRequired;
            else if (start && end <= start) errors.end = m.endOrder;
            return errors;
          },
        );
        const event = {
          id: this.db.id(),
          title: input.title.trim(),
          start: new Date(input.start).toISOString(),
          end: new Date(input.end).toISOString(),
          createdBy: user?.id ?? '',
        };
        this.d.events.push(event);
        const dto: CalendarEventDto = {
          id: event.id,
          title: event.title,
          start: event.start,
          end: event.end,
          kind: 'gym',
          allDay: false,
        };
        return json({ message: MESSAGES.events.created, event: dto }, 201);
      },
      'admin',
    );
    this.on(
      'DELETE',
      '/events/:id',
      ({ params }) => {
        const id = checkId(params.id ?? '');
        if (!this.d.events.some((e) => e.id === id))
          throw new MockHttpError(404, ERROR_CODES.NOT_FOUND, MESSAGES.events.notFound);
        this.d.events = this.d.events.filter((e) => e.id !== id);
        return json({ message: MESSAGES.events.deleted });
      },
      'admin',
    );
  }

  private registerPayments() {
    const notFound = () => MockHttpError.notFound(MESSAGES.payments.notFound);
    const ownSession = (ctx: Ctx) => {
      const user = ctx.user;
      if (!user) throw MockHttpError.unauthenticated();
      const sessionId = ctx.params.sessionId ?? '';
      if (sessionId.length > 200) throw notFound();
      const payment = this.d.payments.find((p) => p.providerSessionId === sessionId);
      if (!payment) throw notFound();
      if (!user.isAdmin && payment.user !== user.id) throw MockHttpError.forbidden(MESSAGES.payments.notYours);
      return payment;
    };
    const newest = (rows: PaymentRec[]) =>
      [...rows]
        .sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0))
        .slice(0, 200)
        .map((p) => this.paymentDto(p));
    const pending = (user: string, plan: PlanRec, provider: PaymentRec['provider'], sessionId: string) => {
      const payment: PaymentRec = {
        id: this.db.id(),
        user,
        plan: plan.id,
        planName: plan.name,
        duration: plan.duration,
        amount: plan.price,
        currency: this.config.currency,
        provider,
        providerSessionId: sessionId,
        status: 'pending',
        checkoutUrl: null,
        createdAt: new Date().toISOString(),
        paidAt: null,
        membershipStart: null,
        membershipEnd: null,
      };
      this.d.payments.push(payment);
      return payment;
    };

    this.on(
      'POST',
      '/payments/create_checkout',
      ({ body, user }) => {
        if (!user) throw MockHttpError.unauthenticated();
        const input = validateBody<{ id?: string; name?: string; planId?: string }>(
          body.json,
          { id: 'string', name: 'string', planId: 'string' },
          (i): FieldErrors => (i.planId || i.name ? {} : { name: MESSAGES.payments.planRequired }),
        );
        if (input.id !== undefined && input.id !== user.id) throw MockHttpError.forbidden();
        const plan = input.planId
          ? this.d.plans.find((p) => p.id === checkId(input.planId ?? '') && !p.deletedAt)
          : this.d.plans.find((p) => p.name === input.name && !p.deletedAt);
        if (!plan) throw MockHttpError.notFound(MESSAGES.api.planNotFound);
        const since = Date.now() - PENDING_REUSE_MS;
        const reuse = this.d.payments.find(
          (p) =>
            p.user === user.id &&
            p.plan === plan.id &&
            p.provider === 'demo' &&
            p.status === 'pending' &&
            new Date(p.createdAt).getTime() > since,
        );
        if (reuse?.checkoutUrl) return json({ redirect_url: reuse.checkoutUrl }, 201);
        const sessionId = `demo_${randomHex(12)}`;
        const payment = pending(user.id, plan, 'demo', sessionId);
        // A path of the SPA, as the server sends it (opened at the SPA's own origin).
        payment.checkoutUrl = `/stripe/checkout/${sessionId}`;
        return json({ redirect_url: payment.checkoutUrl }, 201);
      },
      'auth',
    );
    this.on(
      'GET',
      '/payments/session/:sessionId',
      (ctx) => {
        const p = ownSession(ctx);
        const plan = this.d.plans.find((x) => x.id === p.plan);
        const dto: CheckoutSessionDto = {
          sessionId: p.providerSessionId,
          planName: p.planName,
          benefits: plan?.benefits ?? '',
          duration: p.duration,
          amount: p.amount,
          currency: p.currency,
          status: p.status,
          provider: p.provider,
        };
        return json(dto);
      },
      'auth',
    );
    this.on(
      'POST',
      '/payments/demo/:sessionId/confirm',
      (ctx) => {
        const payment = ownSession(ctx);
        if (payment.provider !== 'demo') throw MockHttpError.conflict(MESSAGES.payments.notDemo);
        if (payment.status === 'cancelled') throw MockHttpError.conflict(MESSAGES.payments.notPending);
        this.fulfil(payment);
        const user = this.userById(payment.user);
        return json({
          message: MESSAGES.payments.success,
          payment: this.paymentDto(payment),
          membresia: membershipDto(user.membership),
        });
      },
      'auth',
    );
    this.on(
      'POST',
      '/payments/demo/:sessionId/cancel',
      (ctx) => {
        const payment = ownSession(ctx);
        if (payment.provider !== 'demo') throw MockHttpError.conflict(MESSAGES.payments.notDemo);
        if (payment.status !== 'pending') throw MockHttpError.conflict(MESSAGES.payments.notPending);
        payment.status = 'cancelled';
        return json({ message: MESSAGES.payments.cancelled, payment: this.paymentDto(payment) });
      },
      'auth',
    );
    this.on(
      'GET',
      '/payments/mine',
      ({ user }) => json(newest(this.d.payments.filter((p) => p.user === user?.id))),
      'auth',
    );
    this.on('GET', '/payments', () => json(newest(this.d.payments)), 'admin');
    this.on(
      'POST',
      '/payments/manual',
      ({ body }) => {
        const input = validateBody<{ userId: string; planId: string }>(
          body.json,
          { userId: 'string', planId: 'string' },
          (i) => ({
            ...(/^[0-9a-f]{24}$/i.test(String(i.userId ?? '')) ? {} : { userId: MESSAGES.payments.userRequired }),
            ...(/^[0-9a-f]{24}$/i.test(String(i.planId ?? '')) ? {} : { planId: MESSAGES.payments.planRequired }),
          }),
        );
        const userId = input.userId.toLowerCase();
        if (!this.d.users.some((u) => u.id === userId && !u.deletedAt))
          throw MockHttpError.notFound(MESSAGES.users.notFound);
        const plan = this.planOnSale(input.planId);
        const payment = pending(userId, plan, 'manual', `manual_${crypto.randomUUID()}`);
        this.fulfil(payment);
        return json({ message: MESSAGES.payments.success, payment: this.paymentDto(payment) }, 201);
      },
      'admin',
    );
  }

  /** pending -> paid, once; the membership starts now or extends an active one from its end. */
  private fulfil(payment: PaymentRec) {
    if (payment.status !== 'pending') return;
    const paidAt = new Date();
    payment.status = 'paid';
    payment.paidAt = paidAt.toISOString();
    const user = this.d.users.find((u) => u.id === payment.user);
    if (!user) return;
    const renewing = isActive(user.membership, paidAt) ? user.membership : null;
    const start = renewing ? new Date(renewing.start) : paidAt;
    const end = new Date(renewing ? renewing.end : paidAt);
    end.setMonth(end.getMonth() + payment.duration);
    if (!user.membership || new Date(user.membership.end) <= end) {
      user.membership = {
        planId: payment.plan,
        name: payment.planName,
        start: start.toISOString(),
        end: end.toISOString(),
      };
    }
    payment.membershipStart = start.toISOString();
    payment.membershipEnd = end.toISOString();
  }

  private registerContact() {
    this.on('POST', '/contact', ({ body }) => {
      const LINE_BREAK = /[\r\n\u2028\u2029]/;
      const input = validateBody<{
        user_name: string;
        subject: string;
        user_email: string;
        company?: string;
        message?: string;
      }>(
        body.json,
        { user_name: 'string', subject: 'string', user_email: 'string', company: 'string', message: 'string' },
        (i): FieldErrors => {
          const rules = validateContactForm({ name: i.user_name, subject: i.subject, email: i.user_email });
          const errors: FieldErrors = {};
          if (rules.name) errors.user_name = rules.name;
          if (rules.subject) errors.subject = rules.subject;
          if (rules.email) errors.user_email = rules.email;
          for (const field of ['user_name', 'subject', 'user_email', 'company']) {
            const value = i[field];
            if (!errors[field] && typeof value === 'string' && LINE_BREAK.test(value))
              errors[field] = MESSAGES.contactForm.noLineBreaks;
          }
          if (typeof i.message === 'string' && i.message.length > 5000)
            errors.message = MESSAGES.contactForm.messageTooLong;
          return errors;
        },
      );
      const id = this.db.id();
      this.d.contacts.push({
        id,
        name: input.user_name.trim(),
        subject: input.subject.trim(),
        email: input.user_email.normalize('NFKC').trim(),
        company: input.company?.trim() ?? '',
        message: input.message?.trim() ?? '',
        createdAt: new Date().toISOString(),
      });
      return json({ message: MESSAGES.contactForm.sent, id }, 201);
    });
    this.on('GET', '/contact', () => json(this.latestMessages(200)), 'admin');
  }

  private latestMessages(limit: number): ContactMessageDto[] {
    return [...this.d.contacts]
      .reverse()
      .sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0))
      .slice(0, limit)
      .map((c) => this.contactDto(c));
  }

  private stats(now = new Date()): StatsDto {
    const since = new Date(now.getTime() - 30 * DAY);
    const revenue = new Map<string, { amount: number; payments: number }>();
    for (const p of this.d.payments) {
      if (p.status !== 'paid' || !p.paidAt) continue;
      const paidAt = new Date(p.paidAt);
      if (paidAt < since || paidAt > now) continue;
      const row = revenue.get(p.currency) ?? { amount: 0, payments: 0 };
      row.amount += p.amount;
      row.payments += 1;
      revenue.set(p.currency, row);
    }
    return {
      activeMembers: this.d.users.filter((u) => !u.deletedAt && u.membership && new Date(u.membership.end) > now)
        .length,
      classes: this.d.lessons.filter((l) => !l.deletedAt).length,
      sedes: this.d.branches.length,
      trainers: this.d.users.filter((u) => !u.deletedAt && u.isMonitor).length,
      revenueLast30Days: [...revenue.entries()]
        .sort(([a], [b]) => (a < b ? -1 : 1))
        .map(([currency, r]) => ({ currency, amount: Math.round(r.amount * 100) / 100, payments: r.payments })),
      latestMessages: this.latestMessages(5),
      generatedAt: now.toISOString(),
    };
  }
}
