import * as z from 'zod';
import { fieldErrors, MAX_IMAGE_BYTES, schemas, type RequestForm } from '@pulso/shared';
import { judgedBody, methodAndPath, openApiPath, type AnyRoute, type RouteTable } from '../lib/route-table';
import { branchesRoutes } from '../modules/branches/branches.routes';
import { calendarRoutes } from '../modules/calendar/calendar.routes';
import { feedsRoutes } from '../modules/feeds/feeds.routes';
import { catalogRoutes } from '../modules/catalog/catalog.routes';
import { contactRoutes } from '../modules/contact/contact.routes';
import { healthRoutes } from '../modules/health/health.routes';
import { publicConfigRoutes } from '../modules/health/public-config.routes';
import { lessonsRoutes } from '../modules/lessons/lessons.routes';
import { bookingsRoutes } from '../modules/bookings/bookings.routes';
import { checkinRoutes } from '../modules/checkin/checkin.routes';
import { wishesRoutes } from '../modules/bookings/bookings.wishes.routes';
import { paymentsRoutes } from '../modules/payments/payments.routes';
import { subscriptionsRoutes } from '../modules/payments/subscriptions.routes';
import { webhookRoutes } from '../modules/payments/payments.webhook';
import { plansRoutes } from '../modules/plans/plans.routes';
import { reviewsRoutes } from '../modules/reviews/reviews.routes';
import { statsRoutes } from '../modules/stats/stats.routes';
import { auditRoutes } from '../modules/audit/audit.routes';
import { announcementsRoutes } from '../modules/announcements/announcements.routes';
import { usersRoutes } from '../modules/users/users.routes';
import { docsRoutes } from './docs.routes';
import { metricsRoutes } from '../modules/health/metrics.routes';

/**
 * The OpenAPI 3.1 description of every route under /api, served at /api/openapi.json and shown by
 * Swagger UI at /api/docs. Generated: the operations from the route tables the routers are built
 * from, the request and response bodies from the shared zod schemas (`z.toJSONSchema`, the wire
 * types of a request form, what an answer holds), and the named answers (`z.globalRegistry` ids)
 * as components. Nothing here describes a body by hand.
 */

type Schema = Record<string, unknown>;

/** Every table of the API; a test checks that together they are exactly the mounted routes. */
export const ALL_TABLES: RouteTable<never>[] = [
  healthRoutes,
  metricsRoutes,
  publicConfigRoutes,
  docsRoutes,
  webhookRoutes,
  usersRoutes,
  plansRoutes,
  branchesRoutes,
  lessonsRoutes,
  bookingsRoutes,
  checkinRoutes,
  wishesRoutes,
  catalogRoutes,
  reviewsRoutes,
  calendarRoutes,
  feedsRoutes,
  paymentsRoutes,
  subscriptionsRoutes,
  contactRoutes,
  statsRoutes,
  auditRoutes,
  announcementsRoutes,
];

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

/** Path segments that are record ids; any other segment is free text (a class name, a session id). */
const RECORD_ID_SEGMENTS = new Set(['id', 'lessonId']);

const PAGE_QUERY = [
  { name: 'page', description: 'Page number, from 1' },
  { name: 'limit', description: 'Page size (default 50, at most 200)' },
];

const COMPONENTS = '#/components/schemas/';

/** `record` without the entries named `keys`. */
function omit(record: Record<string, unknown>, ...keys: string[]): Schema {
  return Object.fromEntries(Object.entries(record).filter(([key]) => !keys.includes(key)));
}

/** Points `$ref`s at the document's components instead of the converted schema's own `$defs`. */
function toComponentRefs(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(toComponentRefs);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [
      key,
      key === '$ref' && typeof inner === 'string' ? inner.replace(/^#\/\$defs\//, COMPONENTS) : toComponentRefs(inner),
    ]),
  );
}

/** The document's components: every named schema (a `z.globalRegistry` id) any operation used. */
class Components {
  readonly schemas: Record<string, Schema> = {};

  /**
   * The JSON Schema of `schema` as an operation shows it: a request's wire types ('input') or an
   * answer ('output'), with named sub-schemas as references to components.
   */
  jsonSchema(schema: z.ZodType, io: 'input' | 'output'): Schema {
    const converted = z.toJSONSchema(schema, { io }) as Schema & { $defs?: Record<string, Schema> };
    for (const [id, definition] of Object.entries(converted.$defs ?? {})) {
      const component = toComponentRefs(definition) as Schema;
      const known = this.schemas[id];
      if (known && JSON.stringify(known) !== JSON.stringify(component)) {
        throw new Error(`Two different schemas are named ${id}`);
      }
      this.schemas[id] = component;
    }
    return toComponentRefs(omit(converted, '$schema', '$defs')) as Schema;
  }
}

/** The fields a request form accepts: its own, or those of every form a caller may be given. */
function formFields(form: RequestForm<never>): z.ZodType {
  return 'choose' in form ? form.fields : form;
}

/** A request's body: its form's wire types as JSON, or as JSON text in a multipart field beside an image. */
function requestBody(route: AnyRoute, components: Components): Schema | undefined {
  if (route.signedBody) {
    return {
      required: true,
      content: { 'application/json': { schema: components.jsonSchema(route.signedBody, 'input') } },
    };
  }
  const body = judgedBody(route);
  if (!body) return undefined;
  const form = components.jsonSchema(formFields(body.form), 'input');
  if (!route.multipart) return { required: true, content: { 'application/json': { schema: form } } };
  // The uploaded file's name is what the form judges as `image`: the JSON text does not carry it.
  const attributes = omit((form.properties ?? {}) as Schema, 'image');
  // Required when the form's rules refuse an empty `image` (a new class or sede needs one).
  const imageRequired = !('choose' in body.form) && fieldErrors(body.form, {}).image !== undefined;
  return {
    required: true,
    content: {
      'multipart/form-data': {
        schema: {
          type: 'object',
          properties: {
            image: {
              type: 'string',
              format: 'binary',
              description: `JPEG or PNG, at most ${MAX_IMAGE_BYTES / 1024 / 1024} MB`,
            },
            [route.multipart]: {
              type: 'string',
              description: 'The form as JSON text',
              contentMediaType: 'application/json',
              contentSchema: { ...form, properties: attributes },
            },
          },
          required: imageRequired ? ['image', route.multipart] : [route.multipart],
        },
      },
    },
  };
}

/** The `{name}` segments of a path as OpenAPI path parameters: record ids, or free text. */
function pathParameters(path: string): Schema[] {
  return [...path.matchAll(/\{(\w+)\}/g)].map(([, name = '']) => ({
    name,
    in: 'path',
    required: true,
    schema: RECORD_ID_SEGMENTS.has(name)
      ? {
          type: 'string',
          pattern: '^[0-9a-fA-F]{24}$',
          description: 'A record id: 24 hex digits (anything else is refused with 400 INVALID_ID)',
        }
      : { type: 'string', minLength: 1 },
  }));
}

function operation(path: string, route: AnyRoute, components: Components): Schema {
  const implied = route.sessionless
    ? []
    : route.access === 'anyone' || route.access === 'signed-in'
      ? [401]
      : [401, 403];
  const errors = [...new Set([...implied, ...(route.errors ?? [])])].sort();
  const error = { content: { 'application/json': { schema: components.jsonSchema(schemas.apiError, 'output') } } };
  const [status, answer] = route.ok;
  const responses: Record<string, Schema> = {
    [status]: {
      description: 'OK',
      content: { [route.okContentType ?? 'application/json']: { schema: components.jsonSchema(answer, 'output') } },
      ...(route.paged
        ? {
            headers: {
              'X-Total-Count': { description: 'Number of records across all pages', schema: { type: 'string' } },
            },
          }
        : {}),
    },
  };
  for (const code of errors) responses[code] = { description: ERROR_TEXT[code] ?? 'Error', ...error };
  const query = [...(route.paged ? PAGE_QUERY : []), ...(route.query ?? [])];
  const parameters = [
    ...pathParameters(path),
    ...query.map((q) => ({
      name: q.name,
      in: 'query',
      required: 'required' in q ? q.required : false,
      description: q.description,
      schema: { type: 'string' },
    })),
  ];
  const body = requestBody(route, components);
  return {
    summary: route.summary,
    description: `Who may: ${route.access}.${route.notes ? ` ${route.notes}` : ''}`,
    ...(route.access === 'anyone' ? {} : { security: [{ bearer: [] }] }),
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(body ? { requestBody: body } : {}),
    responses,
  };
}

/** Every route of every table with its OpenAPI path. */
function routes(): { path: string; route: AnyRoute }[] {
  return ALL_TABLES.flatMap((table) => table.routes.map((route) => ({ path: openApiPath(table, route), route })));
}

/** The operations and components, the same for every server URL: generated once. */
let generated: { paths: Record<string, Record<string, Schema>>; schemas: Record<string, Schema> } | undefined;

function generate(): NonNullable<typeof generated> {
  const components = new Components();
  const paths: Record<string, Record<string, Schema>> = {};
  for (const { path, route } of routes()) {
    paths[path] = { ...paths[path], [methodAndPath(route).method]: operation(path, route, components) };
  }
  return { paths, schemas: components.schemas };
}

/** `serverUrl`: PUBLIC_URL when set; '' makes the API's address relative to the document's. */
export function buildOpenApi(serverUrl: string): Schema {
  generated ??= generate();
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
      schemas: generated.schemas,
    },
    paths: generated.paths,
  };
}

/** The described operations as "METHOD /path" (OpenAPI path syntax), for the coverage test. */
export function describedRoutes(): string[] {
  return routes().map(({ path, route }) => `${route.route.split(' ')[0]} ${path}`);
}
