import { Router, type Request, type RequestHandler } from 'express';
import type * as z from 'zod';
import { ACCESS_ROLES, type Access, type RequestForm } from '@pulso/shared';
import { requireAuth, requireRole, requireSelfOr } from '../middleware/auth';
import { requireInScope, type ScopeSpec } from '../middleware/scope';
import { auditRoute, type AuditSpec } from '../modules/audit/audit.middleware';
import { imageUpload, jsonField, requireImageContent } from './upload';
import { validate, type ValidateOptions } from './validate';

/**
 * The API's routes as data: each module's `<m>.routes.ts` declares its table, `mountRoutes` builds
 * the module's Express router from it, and the OpenAPI document (docs/openapi.ts) is generated from
 * the same tables. So a route's guard is its declared access, its validation is its declared body
 * form, and the document describes exactly those.
 */

/**
 * Who may call a route (roles: shared/src/users/roles.ts). 'member' is enforced as 'signed-in'
 * here; the module's service checks the active membership (and answers 403 saying why).
 * - 'admin': the chain's administrators only.
 * - 'manager': administrators and sede managers.
 * - 'desk': those and the front desk.
 * - 'staff': those and trainers; the service limits a trainer to their own sessions.
 * - 'self-or-…': the account named by `:id` themself, or those roles.
 * A sede manager's or front desk's reach is their sede: the route's `scope` refuses a path id
 * beyond it, and lists are filtered by it where they are read (middleware/scope.ts).
 */
export type { Access };

const GUARDS: Record<Access, RequestHandler[]> = {
  anyone: [],
  'signed-in': [requireAuth],
  member: [requireAuth],
  'self-or-admin': [requireSelfOr(ACCESS_ROLES['self-or-admin'])],
  'self-or-manager': [requireSelfOr(ACCESS_ROLES['self-or-manager'])],
  'self-or-desk': [requireSelfOr(ACCESS_ROLES['self-or-desk'])],
  staff: [requireRole(ACCESS_ROLES.staff)],
  desk: [requireRole(ACCESS_ROLES.desk)],
  manager: [requireRole(ACCESS_ROLES.manager)],
  admin: [requireRole(ACCESS_ROLES.admin)],
};

/** A request body's form with how it is judged: who is asking, the failure's legacy fields. */
export class JudgedForm {
  private readonly make: (extra?: ValidateOptions<never>['extra']) => RequestHandler[];
  readonly form: RequestForm<never>;

  private constructor(form: RequestForm<never>, make: JudgedForm['make']) {
    this.form = form;
    this.make = make;
  }

  static of<C>(form: RequestForm<C>, options: ValidateOptions<C> = {}): JudgedForm {
    return new JudgedForm(form as RequestForm<never>, (extra) =>
      validate(form, extra ? { ...options, extra } : options),
    );
  }

  /** The validation middleware; `extra` adds values the body does not carry (an uploaded file's name). */
  validators(extra?: (req: Request) => Record<string, unknown>): RequestHandler[] {
    return this.make(extra);
  }
}

export interface QueryParameter {
  name: string;
  required?: boolean;
  description: string;
}

/** The spec's multipart forms: the form's fields as JSON text in one field, beside an `image` file. */
export type MultipartField = 'lessonAttributes' | 'officeAttributes';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * One route. Tables write one route a line (the route, who may call it, what it reads, what it
 * answers, its handler, its summary), so they read as a table.
 */
export interface Route<D> {
  /** The method and the Express path under the table's base, e.g. 'PUT /update/:id'. */
  route: `${Method} /${string}`;
  summary: string;
  /** More than the summary says (rules, conflicts), for the document's description. */
  notes?: string;
  access: Access;
  /** What the path's id names, so a sede's staff are refused one beyond their sede (middleware/scope.ts). */
  scope?: ScopeSpec;
  /** Answered before the session is read, so never 401 (health, config, this document, the webhook). */
  sessionless?: boolean;
  /** The body's form: the route validates with it and the document shows its wire types. */
  body?: RequestForm<never> | JudgedForm;
  /** `body` arrives as JSON text in this multipart field, with an optional `image` file. */
  multipart?: MultipartField;
  /** A body trusted by its signature rather than judged by a form (the Stripe webhook). */
  signedBody?: z.ZodType;
  query?: QueryParameter[];
  /** A page of a long list: `page` and `limit` in the query, the total in X-Total-Count. */
  paged?: boolean;
  /** The success status and its body's schema. */
  ok: [number, z.ZodType];
  /** The success body's media type when it is not JSON (the metrics' text). */
  okContentType?: string;
  /** Failure statuses besides the ones the access implies (401, 403). */
  errors?: number[];
  /** Middleware run after the access check, before the body is read (rate limits, raw body parsers). */
  use?: (deps: D) => RequestHandler[];
  /** How its changes are written to the audit trail when staff make them (modules/audit). */
  audit?: AuditSpec;
  handler: (deps: D) => RequestHandler;
}

/** A route of any table, as the document reads it (its handlers are not called). */
export type AnyRoute = Route<never>;

/** A module's routes under one base path of /api ('' for routes at its root). */
export interface RouteTable<D> {
  base: string;
  routes: Route<D>[];
}

export function routeTable<D>(base: string, routes: Route<D>[]): RouteTable<D> {
  return { base, routes };
}

/** A route's method and its Express path under its table's base. */
export function methodAndPath(route: Pick<AnyRoute, 'route'>): { method: Lowercase<Method>; path: string } {
  const [method, path] = route.route.split(' ') as [Method, string];
  return { method: method.toLowerCase() as Lowercase<Method>, path };
}

/** A route as 'METHOD /api/path' with ':param's ('PUT /api/memberships/update/:id'). */
export function apiRouteName(table: Pick<RouteTable<never>, 'base'>, route: Pick<AnyRoute, 'route'>): string {
  const [method, path] = route.route.split(' ') as [Method, string];
  return `${method} /api${table.base}${path === '/' ? '' : path}`;
}

/** A route's body as a `JudgedForm`, if it has one. */
export function judgedBody(route: Pick<AnyRoute, 'body'>): JudgedForm | undefined {
  if (!route.body) return undefined;
  return route.body instanceof JudgedForm ? route.body : JudgedForm.of(route.body);
}

function bodyHandlers<D>(route: Route<D>): RequestHandler[] {
  const body = judgedBody(route);
  if (!body) return [];
  if (!route.multipart) return body.validators();
  return [
    imageUpload,
    jsonField(route.multipart),
    // The form judges the uploaded file's name as its `image`.
    ...body.validators((req) => ({ image: req.file?.originalname ?? '' })),
    requireImageContent,
  ];
}

/**
 * The router of a table: each route is its access guard, its own middleware, its body's
 * validation, then its handler, in the table's order (so '/:name' after '/all').
 */
export function mountRoutes<D>(table: RouteTable<D>, deps: D): Router {
  const router = Router();
  for (const route of table.routes) {
    const { method, path } = methodAndPath(route);
    router[method](
      path,
      ...GUARDS[route.access],
      ...(route.scope ? [requireInScope(route.scope)] : []),
      ...(route.use?.(deps) ?? []),
      ...bodyHandlers(route),
      ...(route.audit ? [auditRoute(route.audit, apiRouteName(table, route))] : []),
      route.handler(deps),
    );
  }
  return table.base ? Router().use(table.base, router) : router;
}

/** A route's full path under /api in OpenAPI syntax ('/users/{id}'). */
export function openApiPath(table: RouteTable<never>, route: AnyRoute): string {
  const { path } = methodAndPath(route);
  const full = `${table.base}${path === '/' && table.base ? '' : path}`;
  return full.replace(/:(\w+)/g, '{$1}');
}
