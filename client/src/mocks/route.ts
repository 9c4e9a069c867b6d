import { http, type HttpHandler } from 'msw';
import type * as z from 'zod';
import {
  ACCESS_ROLES,
  ERROR_CODES,
  MESSAGES,
  schemas,
  type FormChoice,
  type RequestForm,
  type UserRole,
  type Access,
} from '@pulso/shared';
import type { MockApi, MockConfig } from './api';
import type { MockData, MockDb } from './db';
import {
  errorResponse,
  imageContent,
  json,
  jsonField,
  MockHttpError,
  readBody,
  uploadOf,
  validateBody,
  type MultipartField,
  type ParsedBody,
  type Submitted,
} from './http';
import { auditAfter, auditBefore, type MockAuditSpec } from './audit';
import { authenticate, type AuthUser } from './session';

/**
 * The mock's routes as the server declares its own (server/src/lib/route-table.ts): each route is
 * one MSW handler with its method and path, who may call it, the shared schema its body is judged
 * by, and the shared schema of its answer. A request goes through the server's steps in the
 * server's order (`admitted`), then the route; the answer is parsed with its schema, so the mock
 * never answers a shape the shared schemas do not describe. Failures are the server's error bodies.
 */

/** Who may call a route: the server's route tables' word (shared `Access`). */
export type { Access };

/** The roles each access lets through, as the server's guards read them. */
const ROLES: Partial<Record<Access, readonly UserRole[]>> = ACCESS_ROLES;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type Line = `${Method} /${string}`;

/** The `:names` of a path, e.g. 'PUT /users/update/:id' → 'id'. */
type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;
type Params<L extends string> = { [K in ParamNames<L>]: string };

/** The caller as the route's access guarantees it: signed in on every route but the public ones. */
type CallerOf<A extends Access> = A extends 'anyone' ? AuthUser | null : AuthUser;

/** Who is asking, for a body whose form the caller chooses (`FormChoice`). */
type ChooserOf<F> = F extends FormChoice<infer C> ? C : never;

/** The accepted fields of a route's body, as the wire carried them. */
type InputOf<F> =
  F extends FormChoice<never> ? Submitted<F['fields']> : F extends z.ZodObject ? Submitted<F> : Record<string, never>;

export interface RouteSpec<A extends Access, S extends z.ZodType, F extends RequestForm<never> | undefined, L> {
  access: A;
  /** Answered before the body and the session are read, so never 401 (health, config). */
  sessionless?: boolean;
  /** The body's form: the route validates with it as the server does. */
  body?: F;
  /** Who is asking, for a form chosen by the caller. */
  caller?: (who: { user: CallerOf<A>; params: Params<L & string> }) => ChooserOf<F>;
  /** Extra top-level fields of a validation failure that the spec's client reads. */
  legacy?: (message: string) => Record<string, unknown>;
  /** `body` arrives as JSON text in this multipart field, with an optional `image` file. */
  multipart?: MultipartField;
  /** The success status and its body's schema. */
  ok: readonly [number, S];
  /** The answer is these bytes of this type (a receipt's PDF), not JSON. */
  okContentType?: string;
  /** How its changes are written to the audit trail when staff make them (the server's `audit`). */
  audit?: MockAuditSpec;
}

export interface RouteContext<A extends Access, I, L extends string> {
  request: Request;
  url: URL;
  params: Params<L>;
  user: CallerOf<A>;
  /** The accepted fields of the body (only those its form names). */
  input: I;
  /** A multipart route's uploaded image, checked and kept as a data URL; undefined when none was sent. */
  image: string | undefined;
  /** Headers of the answer (X-Total-Count, Cache-Control). */
  headers: Headers;
  data: MockData;
  db: MockDb;
  config: MockConfig;
}

/** One route: its method and path under the API's base, its declaration, and what it does. */
export type Route = <
  L extends Line,
  A extends Access,
  S extends z.ZodType,
  F extends RequestForm<never> | undefined = undefined,
>(
  line: L,
  spec: RouteSpec<A, S, F, L>,
  resolve: (ctx: RouteContext<A, InputOf<F>, L>) => z.input<S> | Promise<z.input<S>>,
) => HttpHandler;

/** What a route declares, as the server's route tables declare it (for the test that compares them). */
export interface RouteDeclaration {
  /** The method and the path under the API, e.g. 'PUT /users/update/:id'. */
  line: Line;
  access: Access;
  body?: RequestForm<never>;
  multipart?: MultipartField;
  /** Whether staff's changes through it are written to the audit trail. */
  audited: boolean;
}

const DECLARATIONS = new WeakMap<HttpHandler, RouteDeclaration>();

/** The declaration of a handler `route` made. */
export function declarationOf(handler: HttpHandler): RouteDeclaration | undefined {
  return DECLARATIONS.get(handler);
}

/** The server's guards: no session is 401, a session without the role is 403. */
function admit(access: Access, user: AuthUser | null, params: Record<string, string>): void {
  if (access === 'anyone') return;
  if (!user) throw MockHttpError.unauthenticated();
  const roles = ROLES[access];
  if (!roles || roles.includes(user.role)) return;
  if (access.startsWith('self-or-') && user.id === params.id) return;
  throw MockHttpError.forbidden();
}

const NO_BODY: ParsedBody = { json: {}, form: null };

type AnySpec = RouteSpec<Access, z.ZodType, RequestForm<never> | undefined, string>;
type AnyResolve = (ctx: RouteContext<Access, unknown, string>) => unknown;

/**
 * What the server does before a route's handler, in its order: the JSON body (express.json comes
 * first), the session, the access guard, then the multipart form with its image (413), the body's
 * validation (400) and the image's content (415).
 */
async function admitted(request: Request, params: Record<string, string>, spec: AnySpec, data: MockData) {
  if (spec.sessionless) return { user: null, input: {}, image: undefined };
  const multipart = (request.headers.get('content-type') ?? '').includes('multipart/form-data');
  const early = multipart ? NO_BODY : await readBody(request);
  const user = authenticate(data, request.headers.get('authorization'));
  admit(spec.access, user, params);
  const body = multipart ? await readBody(request) : early;

  const upload = spec.multipart ? await uploadOf(body.form) : null;
  const input = spec.body
    ? validateBody(spec.multipart ? jsonField(body, spec.multipart) : body.json, {
        form: spec.body,
        caller: spec.caller?.({ user, params }),
        // The form judges the uploaded file's name as its `image`.
        extra: spec.multipart ? { image: upload?.name ?? '' } : undefined,
        legacy: spec.legacy,
      })
    : {};
  return { user, input, image: imageContent(upload) };
}

/** The routes of `api` under `base` (e.g. 'http://localhost:5173/api'), and its answer to any other. */
export function router(api: MockApi, base: string): { route: Route; notFound: HttpHandler } {
  const root = base.replace(/\/$/, '');

  async function answer(
    request: Request,
    rawParams: Record<string, string | readonly string[] | undefined>,
    spec: AnySpec,
    resolve: AnyResolve,
  ): Promise<Response> {
    const { db, config } = api;
    const params = Object.fromEntries(
      Object.entries(rawParams).map(([name, value]) => [name, typeof value === 'string' ? value : '']),
    );
    try {
      const data = db.data;
      const { user, input, image } = await admitted(request, params, spec, data);
      const headers = new Headers();
      const url = new URL(request.url);
      const body = input as Record<string, unknown>;
      const audit = spec.audit ? auditBefore(spec.audit, user, data, params, body) : null;
      const result = await resolve({ request, url, params, user, input, image, headers, data, db, config });
      if (spec.audit && audit && user) auditAfter(spec.audit, audit, user, data, db, result, body);
      if (request.method !== 'GET') db.save();
      const [status, schema] = spec.ok;
      if (spec.okContentType) {
        headers.set('Content-Type', spec.okContentType);
        return new Response(schema.parse(result) as BodyInit, { status, headers });
      }
      return json(schema.parse(result), status, headers);
    } catch (error) {
      if (error instanceof MockHttpError) return errorResponse(error);
      console.error('[Modo demo] error inesperado', error);
      return errorResponse(new MockHttpError(500, ERROR_CODES.INTERNAL_ERROR, MESSAGES.api.internal));
    }
  }

  const methods = { GET: http.get, POST: http.post, PUT: http.put, DELETE: http.delete };
  const route: Route = (line, spec, resolve) => {
    const [method, path] = line.split(' ') as [Method, string];
    const handler = methods[method](`${root}${path}`, ({ request, params }) =>
      answer(request, params, spec as AnySpec, resolve as AnyResolve),
    );
    const { access, body, multipart } = spec;
    DECLARATIONS.set(handler, { line, access, body, multipart, audited: !!spec.audit });
    return handler;
  };

  // Any other call under the API: the server reads the body and the session before its 404.
  const notFound = http.all(`${root}/*`, ({ request, params }) =>
    answer(request, params, { access: 'anyone', ok: [404, schemas.apiError] }, () => {
      throw new MockHttpError(404, ERROR_CODES.ROUTE_NOT_FOUND, MESSAGES.api.routeNotFound);
    }),
  );
  return { route, notFound };
}
