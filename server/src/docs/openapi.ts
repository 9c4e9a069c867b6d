import { ERROR_CODES } from '@pulso/shared';

/**
 * The OpenAPI 3.1 description of every route under /api, served at /api/openapi.json and shown by
 * Swagger UI at /api/docs. A test checks that every mounted route is described here, and the API
 * tests validate their responses against these schemas.
 */

type Schema = Record<string, unknown>;

const ref = (name: string): Schema => ({ $ref: `#/components/schemas/${name}` });
const str: Schema = { type: 'string' };
const bool: Schema = { type: 'boolean' };
const num: Schema = { type: 'number' };
const nullable = (schema: Schema): Schema => ({ anyOf: [schema, { type: 'null' }] });
const arrayOf = (items: Schema): Schema => ({ type: 'array', items });
/** Image fields: a path on the API's server, or an absolute URL when the images live elsewhere. */
const imageUrl: Schema = {
  type: 'string',
  description:
    "'/uploads/<file>' (resolve it against the API's origin) or an absolute https URL (Cloudinary); '' when there is none",
};
const object = (properties: Record<string, Schema>, required = Object.keys(properties)): Schema => ({
  type: 'object',
  properties,
  required,
});

const schemas: Record<string, Schema> = {
  Error: {
    type: 'object',
    description: 'Every failure. Legacy fields the spec client reads (login, success, error) may appear alongside.',
    properties: {
      code: { type: 'string', enum: Object.values(ERROR_CODES) },
      message: str,
      details: { anyOf: [arrayOf(object({ field: str, message: str })), { type: 'object' }] },
    },
    required: ['code', 'message'],
  },
  Message: object({ message: str }),
  ContactMessage: object({
    id: str,
    name: str,
    subject: str,
    email: str,
    company: str,
    message: str,
    status: { enum: ['pending', 'sent'] },
    attempts: { type: 'integer' },
    createdAt: str,
    sentAt: nullable(str),
  }),
  Plan: object(
    { id: str, name: str, duration: { type: 'integer' }, benefits: str, price: num, deletedAt: nullable(str) },
    ['id', 'name', 'duration', 'benefits', 'price'],
  ),
  PlanInput: object({
    name: str,
    benefits: str,
    duration: { type: ['string', 'integer'] },
    price: { type: ['string', 'number'] },
  }),
  Membership: object({ planId: str, name: str, start: str, end: str, status: { enum: ['Activo', 'Inactivo'] } }),
  LessonSummary: object({
    id: str,
    name: str,
    scheduleDays: arrayOf(str),
    scheduleHourStart: str,
    scheduleHourFinish: str,
  }),
  NameRef: object({ id: str, name: str }),
  UserDetail: object({
    fullName: str,
    email: str,
    phone: str,
    isMonitor: bool,
    isAdmin: bool,
    lessonDetails: arrayOf(ref('LessonSummary')),
  }),
  User: object({
    id: str,
    fullName: str,
    email: str,
    phone: str,
    isMonitor: bool,
    isAdmin: bool,
    lessonDetails: arrayOf(ref('LessonSummary')),
    deletedAt: nullable(str),
    statusMembershipIdStatus: { enum: ['Activo', 'Inactivo'] },
    membresia: nullable(ref('Membership')),
    detalle: ref('UserDetail'),
    monitorLessons: arrayOf(ref('LessonSummary')),
  }),
  UserListItem: object({
    id: str,
    fullName: str,
    email: str,
    phone: str,
    isMonitor: bool,
    isAdmin: bool,
    deletedAt: nullable(str),
    statusMemberShipIdStatus: { enum: ['Activo', 'Inactivo'] },
    membresia: nullable(ref('Membership')),
    lessonDetails: arrayOf(ref('NameRef')),
  }),
  Monitor: object({ id: str, fullName: str, lessonDetails: arrayOf(ref('NameRef')) }),
  UserInput: object(
    {
      fullName: str,
      email: str,
      password: str,
      currentPassword: str,
      phone: str,
      isMonitor: { type: ['boolean', 'string'] },
      isAdmin: { type: ['boolean', 'string'] },
    },
    [],
  ),
  Branch: object({
    id: str,
    name: str,
    location: str,
    image: imageUrl,
    scheduleDays: arrayOf(str),
    scheduleHourStart: str,
    scheduleHourFinish: str,
  }),
  BranchMultipart: object(
    {
      image: { type: 'string', format: 'binary', description: 'JPEG or PNG, at most 5 MB' },
      officeAttributes: {
        type: 'string',
        description: 'JSON text: { name, location, scheduleDays[], scheduleHourStart, scheduleHourFinish }',
      },
    },
    ['officeAttributes'],
  ),
  LessonListItem: object({
    id: str,
    name: str,
    shortDescription: str,
    image: imageUrl,
    effort: str,
    types: arrayOf(str),
    exercisesTypes: arrayOf(object({ name: str })),
    goals: arrayOf(str),
    scheduleDays: arrayOf(str),
    scheduleHourStart: str,
    scheduleHourFinish: str,
    isAvailable: bool,
    monitor: str,
    branchoffice: str,
    averageStars: num,
  }),
  Review: object({ id: str, user: str, userId: str, stars: { type: 'integer' }, description: str, createdAt: str }),
  LessonMultipart: object(
    {
      image: { type: 'string', format: 'binary', description: 'JPEG or PNG, at most 5 MB (required on create)' },
      lessonAttributes: {
        type: 'string',
        description:
          'JSON text: { name, shortDescription, description, effort, types[], goals[], scheduleDays[], scheduleHourStart, scheduleHourFinish, isAvailable, monitor (trainer full name), branchoffice [sede name] }',
      },
    },
    ['lessonAttributes'],
  ),
  CalendarEvent: object({
    id: str,
    title: str,
    start: str,
    end: str,
    kind: { enum: ['gym', 'plan', 'class'] },
    allDay: bool,
  }),
  NamedItem: object({ id: str, name: str }),
  Payment: object({
    id: str,
    userId: str,
    planId: str,
    planName: str,
    amount: num,
    currency: str,
    provider: { enum: ['demo', 'stripe', 'manual'] },
    status: { enum: ['pending', 'paid', 'cancelled'] },
    createdAt: str,
    paidAt: nullable(str),
    membershipStart: nullable(str),
    membershipEnd: nullable(str),
  }),
  CheckoutSession: object({
    sessionId: str,
    planName: str,
    benefits: str,
    duration: { type: 'integer' },
    amount: num,
    currency: str,
    status: { enum: ['pending', 'paid', 'cancelled'] },
    provider: { enum: ['demo', 'stripe', 'manual'] },
  }),
};

schemas.Lesson = {
  allOf: [
    ref('LessonListItem'),
    object({
      description: str,
      monitorId: nullable(str),
      officeId: nullable(str),
      reviewCount: { type: 'integer' },
      reviews: arrayOf(ref('Review')),
      deletedAt: nullable(str),
    }),
  ],
};

type Access = 'anyone' | 'signed-in' | 'self-or-admin' | 'member' | 'admin';

interface Op {
  summary: string;
  access: Access;
  body?: Schema | 'multipart-branch' | 'multipart-lesson';
  ok: [number, Schema];
  errors?: number[];
  query?: { name: string; required?: boolean; description: string }[];
  headers?: Record<string, string>;
  /** Answered before the session is read (health, config, this document, the Stripe webhook). */
  sessionless?: boolean;
}

const ERROR_TEXT: Record<number, string> = {
  400: 'Invalid input (VALIDATION_FAILED with details, INVALID_ID, INVALID_JSON)',
  401: 'No valid session. Public routes answer it too when a token is sent that is invalid, expired, older than a password change or of a suspended account, so a client learns its session is gone',
  403: 'Not allowed',
  404: 'Not found',
  409: 'Conflict',
  413: 'Too large',
  415: 'Not a JPEG or PNG',
  429: 'Rate limit reached (see Retry-After)',
};

const OBJECT_ID: Schema = {
  type: 'string',
  pattern: '^[0-9a-fA-F]{24}$',
  description: 'A record id: 24 hex digits (anything else is refused with 400 INVALID_ID)',
};

/** The `{name}` segments of a path as OpenAPI path parameters: record ids, or free text. */
function pathParameters(path: string): Schema[] {
  return [...path.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({
    name,
    in: 'path',
    required: true,
    schema: name === 'id' || name === 'lessonId' ? OBJECT_ID : { ...str, minLength: 1 },
  }));
}

function operation(path: string, op: Op): Schema {
  const defaults = op.sessionless ? [] : op.access === 'anyone' || op.access === 'signed-in' ? [401] : [401, 403];
  const errors = [...new Set([...defaults, ...(op.errors ?? [])])].sort();
  const responses: Record<string, Schema> = {
    [op.ok[0]]: {
      description: 'OK',
      content: { 'application/json': { schema: op.ok[1] } },
      ...(op.headers
        ? {
            headers: Object.fromEntries(
              Object.entries(op.headers).map(([k, d]) => [k, { description: d, schema: str }]),
            ),
          }
        : {}),
    },
  };
  for (const status of errors) {
    responses[status] = {
      description: ERROR_TEXT[status] ?? 'Error',
      content: { 'application/json': { schema: ref('Error') } },
    };
  }
  const body =
    op.body === 'multipart-branch' || op.body === 'multipart-lesson'
      ? {
          required: true,
          content: {
            'multipart/form-data': {
              schema: ref(op.body === 'multipart-branch' ? 'BranchMultipart' : 'LessonMultipart'),
            },
          },
        }
      : op.body
        ? { required: true, content: { 'application/json': { schema: op.body } } }
        : undefined;
  const parameters = [
    ...pathParameters(path),
    ...(op.query ?? []).map((q) => ({
      name: q.name,
      in: 'query',
      required: q.required ?? false,
      description: q.description,
      schema: str,
    })),
  ];
  return {
    summary: op.summary,
    description: `Who may: ${op.access}.`,
    ...(op.access === 'anyone' ? {} : { security: [{ bearer: [] }] }),
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(body ? { requestBody: body } : {}),
    responses,
  };
}

const page = [
  { name: 'page', description: 'Page number, from 1' },
  { name: 'limit', description: 'Page size (default 50, at most 200)' },
];
const total = { 'X-Total-Count': 'Number of records across all pages' };
const messageWith = (key: string, schema: Schema) => object({ message: str, [key]: schema });

/** method -> OpenAPI path -> operation */
const routes: Record<string, Record<string, Op>> = {
  '/openapi.json': {
    get: { summary: 'This document', access: 'anyone', sessionless: true, ok: [200, { type: 'object' }] },
  },
  '/health': {
    get: {
      summary: 'The process is up',
      access: 'anyone',
      sessionless: true,
      ok: [200, object({ status: str, uptime: num })],
    },
  },
  '/ready': {
    get: {
      summary: 'The database answers (503 otherwise)',
      access: 'anyone',
      sessionless: true,
      ok: [200, object({ status: str, database: str })],
    },
  },
  '/config': {
    get: {
      summary: 'Brand and currency of this installation',
      access: 'anyone',
      sessionless: true,
      ok: [
        200,
        object({
          gymName: str,
          currency: str,
          googleClientId: nullable(str),
          payments: nullable({ enum: ['stripe', 'demo'] }),
        }),
      ],
    },
  },
  '/users/login': {
    post: {
      summary: 'Log in',
      access: 'anyone',
      body: object({ email: str, password: str }),
      ok: [200, object({ login: object({ success: bool, token: nullable(str), message: str }) })],
      errors: [400, 401, 403, 404, 429],
    },
  },
  '/users/google': {
    post: {
      summary: "Sign in with the credential of Google's button (accounts linked by Google subject)",
      access: 'anyone',
      body: object({ credential: str }),
      ok: [200, object({ login: object({ success: bool, token: nullable(str), message: str }) })],
      errors: [400, 401, 403, 404, 429],
    },
  },
  '/users/forgot': {
    post: {
      summary: 'Mail a one-hour, single-use reset link (same answer whether or not the account exists)',
      access: 'anyone',
      body: object({ email: str }),
      ok: [200, ref('Message')],
      errors: [400, 429],
    },
  },
  '/users/reset': {
    post: {
      summary: 'Set a new password with a reset token; older sessions end',
      access: 'anyone',
      body: object({ token: str, password: str }),
      ok: [200, ref('Message')],
      errors: [400, 429],
    },
  },
  '/users/create': {
    post: {
      summary: 'Register (anyone) or create a user or trainer (admin)',
      access: 'anyone',
      body: ref('UserInput'),
      ok: [201, object({ success: bool, user: object({ id: str, token: str }, ['id']), message: str })],
      errors: [400, 409, 429],
    },
  },
  '/users': {
    get: {
      summary: 'Active users',
      access: 'admin',
      query: page,
      headers: total,
      ok: [200, arrayOf(ref('UserListItem'))],
    },
  },
  '/users/deleted': {
    get: {
      summary: 'Suspended users',
      access: 'admin',
      query: page,
      headers: total,
      ok: [200, arrayOf(ref('UserListItem'))],
    },
  },
  '/users/monitor': {
    get: { summary: 'Trainers', access: 'admin', ok: [200, object({ monitor: arrayOf(ref('Monitor')) })] },
  },
  '/users/{id}': { get: { summary: 'One user', access: 'self-or-admin', ok: [200, ref('User')], errors: [400, 404] } },
  '/users/update/{id}': {
    put: {
      summary:
        "Update a profile (self: name, phone, password; admin: all). Changing one's own password needs currentPassword (400 WRONG_CURRENT_PASSWORD when wrong; counted like a failed sign-in). A new password ends older sessions; the caller changing their own gets a new token. 409 LAST_ADMIN when no active admin would remain, 409 TRAINER_IN_USE when a trainer with classes would stop being one.",
      access: 'self-or-admin',
      body: ref('UserInput'),
      ok: [200, object({ success: bool, message: str, user: ref('User'), token: str }, ['success', 'message', 'user'])],
      errors: [400, 404, 409],
    },
  },
  '/users/restore/{id}': {
    put: {
      summary: 'Restore a suspended user',
      access: 'admin',
      ok: [200, object({ success: bool, message: str })],
      errors: [400, 404, 409],
    },
  },
  '/users/delete/{id}': {
    delete: {
      summary:
        'Suspend (soft delete) a user; their sessions end and stay ended after a restore. 409 LAST_ADMIN for the last active admin, 409 TRAINER_IN_USE (naming the classes) for a trainer who teaches classes',
      access: 'self-or-admin',
      ok: [200, object({ success: bool, message: str })],
      errors: [400, 404, 409],
    },
  },
  '/users/addlesson/{lessonId}': {
    put: {
      summary: "Add a class to a member's schedule",
      access: 'member',
      body: object({ idUser: str }, []),
      ok: [200, object({ exito: str })],
      errors: [400, 404, 409],
    },
  },
  '/memberships': { get: { summary: 'Plans on sale', access: 'anyone', ok: [200, arrayOf(ref('Plan'))] } },
  '/memberships/all': {
    get: { summary: 'Every plan, retired ones included', access: 'admin', ok: [200, arrayOf(ref('Plan'))] },
  },
  '/memberships/{id}': {
    get: { summary: 'One plan on sale', access: 'anyone', ok: [200, ref('Plan')], errors: [400, 404] },
  },
  '/memberships/create': {
    post: {
      summary: 'Create a plan',
      access: 'admin',
      body: ref('PlanInput'),
      ok: [201, messageWith('plan', ref('Plan'))],
      errors: [400, 409],
    },
  },
  '/memberships/update/{id}': {
    put: {
      summary: 'Update a plan',
      access: 'admin',
      body: ref('PlanInput'),
      ok: [200, messageWith('plan', ref('Plan'))],
      errors: [400, 404, 409],
    },
  },
  '/memberships/delete/{id}': {
    delete: { summary: 'Retire a plan', access: 'admin', ok: [200, ref('Message')], errors: [400, 404] },
  },
  '/memberships/restore/{id}': {
    put: { summary: 'Restore a retired plan', access: 'admin', ok: [200, ref('Message')], errors: [400, 404] },
  },
  '/lessons': { get: { summary: 'Available classes', access: 'anyone', ok: [200, arrayOf(ref('LessonListItem'))] } },
  '/lessons/all': {
    get: { summary: 'Every current class', access: 'anyone', ok: [200, arrayOf(ref('LessonListItem'))] },
  },
  '/lessons/retired': {
    get: { summary: 'Retired classes', access: 'admin', ok: [200, arrayOf(ref('LessonListItem'))] },
  },
  '/lessons/detail/{id}': {
    get: { summary: 'One class by id', access: 'anyone', ok: [200, ref('Lesson')], errors: [400, 404] },
  },
  '/lessons/{name}': {
    get: { summary: 'One class by name', access: 'anyone', ok: [200, ref('Lesson')], errors: [404] },
  },
  '/lessons/create': {
    post: {
      summary: 'Create a class',
      access: 'admin',
      body: 'multipart-lesson',
      ok: [201, messageWith('lesson', ref('Lesson'))],
      errors: [400, 409, 413, 415],
    },
  },
  '/lessons/update/{id}': {
    put: {
      summary: 'Update a class',
      access: 'admin',
      body: 'multipart-lesson',
      ok: [200, messageWith('lesson', ref('Lesson'))],
      errors: [400, 404, 409, 413, 415],
    },
  },
  '/lessons/delete/{id}': {
    delete: { summary: 'Retire a class', access: 'admin', ok: [200, ref('Message')], errors: [400, 404] },
  },
  '/lessons/restore/{id}': {
    put: {
      summary: 'Restore a retired class (409 when it no longer fits its sede or its trainer)',
      access: 'admin',
      ok: [200, ref('Message')],
      errors: [400, 404, 409],
    },
  },
  '/types': { get: { summary: 'Exercise types', access: 'anyone', ok: [200, arrayOf(ref('NamedItem'))] } },
  '/goals': { get: { summary: 'Training goals', access: 'anyone', ok: [200, arrayOf(ref('NamedItem'))] } },
  '/branchoffice': {
    get: { summary: 'Sedes', access: 'anyone', ok: [200, object({ branchOffice: arrayOf(ref('Branch')) })] },
  },
  '/branchoffice/{id}': {
    get: {
      summary: 'One sede',
      access: 'anyone',
      ok: [200, object({ branchoffice: ref('Branch') })],
      errors: [400, 404],
    },
  },
  '/branchoffice/create': {
    post: {
      summary: 'Create a sede',
      access: 'admin',
      body: 'multipart-branch',
      ok: [201, messageWith('branchoffice', ref('Branch'))],
      errors: [400, 409, 413, 415],
    },
  },
  '/branchoffice/update/{id}': {
    put: {
      summary: 'Update a sede',
      access: 'admin',
      body: 'multipart-branch',
      ok: [200, messageWith('branchoffice', ref('Branch'))],
      errors: [400, 404, 409, 413, 415],
    },
  },
  '/branchoffice/delete/{id}': {
    delete: {
      summary: 'Delete a sede without classes',
      access: 'admin',
      ok: [200, ref('Message')],
      errors: [400, 404, 409],
    },
  },
  '/reviews/create': {
    post: {
      summary: 'Rate a class (a second review replaces the first)',
      access: 'member',
      body: object({ stars: { type: ['integer', 'string'] }, description: str, userId: str, lessonId: str }, [
        'stars',
        'lessonId',
      ]),
      ok: [201, object({ message: str, averageStars: num })],
      errors: [400, 404],
    },
  },
  '/events': {
    get: {
      summary: "The caller's calendar in a range (at most 62 days)",
      access: 'signed-in',
      query: [
        { name: 'start', required: true, description: 'ISO date-time' },
        { name: 'end', required: true, description: 'ISO date-time' },
      ],
      ok: [200, arrayOf(ref('CalendarEvent'))],
      errors: [400],
    },
    post: {
      summary: 'Add a gym event',
      access: 'admin',
      body: object({ title: str, start: str, end: str }),
      ok: [201, messageWith('event', ref('CalendarEvent'))],
      errors: [400],
    },
  },
  '/payments/create_checkout': {
    post: {
      summary: 'Start a card checkout for a plan (price read from the database)',
      access: 'signed-in',
      body: object({ id: str, name: str, planId: str, price: num, benefits: str, duration: num }, []),
      ok: [
        201,
        object({
          redirect_url: {
            type: 'string',
            description:
              "Where to send the browser: the provider's checkout page (absolute), or the demo checkout's page of the SPA as a path ('/stripe/checkout/<session>') to open at the SPA's own origin",
          },
        }),
      ],
      errors: [400, 403, 404, 503],
    },
  },
  '/payments/webhook': {
    post: {
      summary: 'Stripe events, verified by their signature (raw body, Stripe-Signature header)',
      access: 'anyone',
      sessionless: true,
      body: { type: 'object', description: 'A Stripe event' },
      ok: [200, object({ received: bool })],
      errors: [400, 404],
    },
  },
  '/payments/session/{sessionId}': {
    get: {
      summary: 'A checkout session of the caller',
      access: 'signed-in',
      ok: [200, ref('CheckoutSession')],
      errors: [403, 404],
    },
  },
  '/payments/demo/{sessionId}/confirm': {
    post: {
      summary:
        "'Pagar' on the demo checkout page: the membership is activated (409 once cancelled; 503 when the demo checkout is off)",
      access: 'signed-in',
      ok: [200, object({ message: str, payment: ref('Payment'), membresia: nullable(ref('Membership')) })],
      errors: [403, 404, 409, 503],
    },
  },
  '/payments/demo/{sessionId}/cancel': {
    post: {
      summary: "'Cancelar' on the demo checkout page",
      access: 'signed-in',
      ok: [200, messageWith('payment', ref('Payment'))],
      errors: [403, 404, 409],
    },
  },
  '/payments/mine': {
    get: { summary: "The caller's payments", access: 'signed-in', ok: [200, arrayOf(ref('Payment'))] },
  },
  '/payments': { get: { summary: 'All payments, newest first', access: 'admin', ok: [200, arrayOf(ref('Payment'))] } },
  '/payments/manual': {
    post: {
      summary: 'Front desk: record a payment taken in person and grant the plan',
      access: 'admin',
      body: object({ userId: str, planId: str }),
      ok: [201, messageWith('payment', ref('Payment'))],
      errors: [400, 404],
    },
  },
  '/contact': {
    post: {
      summary: 'Contact form: stored, then e-mailed to CONTACT_TO (retried while mail is down)',
      access: 'anyone',
      body: object({ user_name: str, subject: str, user_email: str, company: str, message: str }, [
        'user_name',
        'subject',
        'user_email',
      ]),
      ok: [201, object({ message: str, id: str })],
      errors: [400, 429],
    },
    get: {
      summary: 'Contact messages, newest first',
      access: 'admin',
      ok: [200, arrayOf(ref('ContactMessage'))],
    },
  },
  '/stats': {
    get: {
      summary:
        'Dashboard overview: active members, classes, sedes, trainers, revenue of the last 30 days, latest messages',
      access: 'admin',
      ok: [
        200,
        object({
          activeMembers: { type: 'integer' },
          classes: { type: 'integer' },
          sedes: { type: 'integer' },
          trainers: { type: 'integer' },
          revenueLast30Days: arrayOf(object({ currency: str, amount: num, payments: { type: 'integer' } })),
          latestMessages: arrayOf(ref('ContactMessage')),
          generatedAt: str,
        }),
      ],
    },
  },
  '/events/{id}': {
    delete: { summary: 'Delete a gym event', access: 'admin', ok: [200, ref('Message')], errors: [400, 404] },
  },
};

/** `serverUrl`: PUBLIC_URL when set; '' makes the API's address relative to the document's. */
export function buildOpenApi(serverUrl: string): Schema {
  const paths: Record<string, Record<string, Schema>> = {};
  for (const [path, ops] of Object.entries(routes)) {
    paths[path] = Object.fromEntries(Object.entries(ops).map(([method, op]) => [method, operation(path, op)]));
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Pulso API',
      version: '1.0.0',
      description:
        'REST API of Pulso. Failures are { code, message, details? } with Spanish messages; sessions are JWT bearer tokens.',
    },
    servers: [{ url: `${serverUrl}/api` }],
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      schemas,
    },
    paths,
  };
}

/** The described operations as "METHOD /path" (OpenAPI path syntax), for the coverage test. */
export function describedRoutes(): string[] {
  return Object.entries(routes).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`));
}
