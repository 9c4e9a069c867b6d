import Ajv2020 from 'ajv/dist/2020';
import type { Express, RequestHandler } from 'express';
import type { Response } from 'supertest';
import { buildOpenApi } from '../docs/openapi';

interface Layer {
  route?: { path: string; methods: Record<string, boolean>; stack: { handle: RequestHandler }[] };
  handle?: { stack?: Layer[] };
  rawPath?: string;
}

/** A route mounted under /api: "METHOD /path" in OpenAPI syntax ({id} for :id), and its handlers in order. */
export interface MountedRoute {
  route: string;
  handlers: RequestHandler[];
}

/** Every route mounted under /api with the handlers it runs. */
export function mountedApiRouteHandlers(app: Express): MountedRoute[] {
  const routes: MountedRoute[] = [];
  const walk = (stack: Layer[], prefix: string) => {
    for (const layer of stack) {
      if (layer.route) {
        for (const method of Object.keys(layer.route.methods)) {
          const path = `${prefix}${layer.route.path === '/' && prefix ? '' : layer.route.path}`;
          routes.push({
            route: `${method.toUpperCase()} ${path.replace(/:(\w+)/g, '{$1}')}`,
            handlers: layer.route.stack.map((l) => l.handle),
          });
        }
      } else if (layer.handle?.stack) {
        const mount = typeof layer.rawPath === 'string' && layer.rawPath !== '/' ? layer.rawPath : '';
        walk(layer.handle.stack, prefix + mount);
      }
    }
  };
  walk((app as unknown as { router: { stack: Layer[] } }).router.stack, '');
  return routes
    .filter((r) => r.route.split(' ')[1]?.startsWith('/api/'))
    .map((r) => ({ ...r, route: r.route.replace(' /api/', ' /') }));
}

/** Every route mounted under /api, as "METHOD /path" in OpenAPI syntax ({id} for :id). */
export function mountedApiRoutes(app: Express): string[] {
  return mountedApiRouteHandlers(app).map((r) => r.route);
}

const document = buildOpenApi('http://localhost') as {
  paths: Record<
    string,
    Record<string, { responses: Record<string, { content?: Record<string, { schema: object }> }> }>
  >;
};
const ajv = new Ajv2020({ strict: false, allErrors: true });
ajv.addSchema(document, 'openapi');

/** Fails unless the response's status and body are the ones the OpenAPI document describes. */
export function expectMatchesOpenApi(method: string, path: string, res: Response): void {
  const op = document.paths[path]?.[method.toLowerCase()];
  if (!op) throw new Error(`${method} ${path} is not in the OpenAPI document`);
  const described = op.responses[String(res.status)];
  if (!described) throw new Error(`${method} ${path} answered ${res.status}, which the document does not describe`);
  const pointer = `openapi#/paths/${path.replace(/~/g, '~0').replace(/\//g, '~1')}/${method.toLowerCase()}/responses/${res.status}/content/application~1json/schema`;
  const validate = ajv.getSchema(pointer);
  if (!validate) throw new Error(`no schema at ${pointer}`);
  if (!validate(res.body)) {
    throw new Error(`${method} ${path} ${res.status} does not match the document: ${ajv.errorsText(validate.errors)}`);
  }
}
