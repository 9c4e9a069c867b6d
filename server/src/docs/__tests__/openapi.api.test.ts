import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import * as z from 'zod';
import { schemas, type RequestForm } from '@pulso/shared';
import { createTestApp } from '../../test/app';
import { useTestDatabase } from '../../test/db';
import { bearer, createTestUser } from '../../test/fixtures';
import { expectMatchesOpenApi, mountedApiRouteHandlers, mountedApiRoutes } from '../../test/openapi';
import { createContext } from '../../lib/context';
import { imageUpload } from '../../lib/upload';
import { formValidatedBy } from '../../lib/validate';
import { seedIfEmpty } from '../../seed/seed';
import { buildOpenApi, describedRoutes } from '../openapi';
import { UserModel } from '../../modules/users/users.model';
import { LessonModel } from '../../modules/lessons/lessons.model';
import { BranchModel } from '../../modules/branches/branches.model';
import { PlanModel } from '../../modules/plans/plans.model';

describe('OpenAPI document', () => {
  useTestDatabase();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pulso-openapi-'));
  const { app, expressApp, config } = createTestApp({ DATA_DIR: dataDir });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  test('when the app is built, then every mounted /api route is described, and nothing else', () => {
    const mounted = mountedApiRoutes(expressApp).sort();
    expect(mounted.length).toBeGreaterThan(30);
    expect(mounted).toEqual(describedRoutes().sort());
  });

  test('when a path has {segments}, then each is declared as a required path parameter (schemathesis refused the document without them)', () => {
    const doc = buildOpenApi('http://localhost') as {
      paths: Record<string, Record<string, { parameters?: { name: string; in: string; required: boolean }[] }>>;
    };
    const withSegments = Object.keys(doc.paths).filter((p) => p.includes('{'));
    expect(withSegments.length).toBeGreaterThan(15);
    for (const [path, ops] of Object.entries(doc.paths)) {
      const segments = [...path.matchAll(/\{(\w+)\}/g)].map(([, name]) => name);
      for (const op of Object.values(ops)) {
        const declared = (op.parameters ?? []).filter((p) => p.in === 'path');
        expect(declared.map((p) => p.name)).toEqual(segments);
        expect(declared.every((p) => p.required)).toBe(true);
      }
    }
  });

  test('when /api/openapi.json and /api/docs are opened, then the document and Swagger UI answer', async () => {
    const doc = await request(app).get('/api/openapi.json').expect(200);
    expect(doc.body.openapi).toBe('3.1.0');
    // Without PUBLIC_URL the API is where the document is, at whatever address that was.
    expect(doc.body.servers).toEqual([{ url: '/api' }]);
    const hosted = createTestApp({ DATA_DIR: dataDir, PUBLIC_URL: 'https://gym.example' }).app;
    const hostedDoc = await request(hosted).get('/api/openapi.json').expect(200);
    expect(hostedDoc.body.servers).toEqual([{ url: 'https://gym.example/api' }]);
    const ui = await request(app).get('/api/docs/').expect(200);
    expect(ui.text).toContain('swagger-ui');
  });

  test('when the demo chain is read through every GET route, then each response matches the document', async () => {
    await seedIfEmpty({ info: () => undefined }, createContext(config));
    const admin = await createTestUser(config, { isAdmin: true });
    const memberId = String((await UserModel.findOne({ email: 'socio@pulso.demo' }).lean())?._id);
    const lesson = await LessonModel.findOne().lean();
    const branch = await BranchModel.findOne().lean();
    const plan = await PlanModel.findOne().lean();
    const calls: [string, string][] = [
      ['/health', '/api/health'],
      ['/config', '/api/config'],
      ['/users', '/api/users'],
      ['/users/deleted', '/api/users/deleted'],
      ['/users/monitor', '/api/users/monitor'],
      ['/users/{id}', `/api/users/${memberId}`],
      ['/memberships', '/api/memberships'],
      ['/memberships/all', '/api/memberships/all'],
      ['/memberships/{id}', `/api/memberships/${plan?._id}`],
      ['/lessons', '/api/lessons'],
      ['/lessons/all', '/api/lessons/all'],
      ['/lessons/retired', '/api/lessons/retired'],
      ['/lessons/{name}', `/api/lessons/${lesson?.name}`],
      ['/lessons/detail/{id}', `/api/lessons/detail/${lesson?._id}`],
      ['/types', '/api/types'],
      ['/goals', '/api/goals'],
      ['/branchoffice', '/api/branchoffice'],
      ['/branchoffice/{id}', `/api/branchoffice/${branch?._id}`],
      ['/events', '/api/events?start=2026-11-01T00:00:00Z&end=2026-12-01T00:00:00Z'],
      ['/users/{id}', '/api/users/000000000000000000000000'],
      ['/lessons/{name}', '/api/lessons/NoExiste'],
    ];
    for (const [path, url] of calls) {
      const res = await request(app).get(url).set(bearer(admin));
      expect(res.status).toBeLessThan(500);
      expectMatchesOpenApi('GET', path, res);
    }
    const login = await request(app)
      .post('/api/users/login')
      .send({ email: 'socio@pulso.demo', password: 'Socio1234' });
    expectMatchesOpenApi('POST', '/users/login', login);
    const wrong = await request(app).post('/api/users/login').send({ email: 'nadie@pulso.demo', password: 'x' });
    expectMatchesOpenApi('POST', '/users/login', wrong);
  });

  interface Operation {
    parameters?: { name: string; in: string; required: boolean }[];
    requestBody?: {
      content: Record<string, { schema: Record<string, unknown> & { properties?: Record<string, unknown> } }>;
    };
    responses: Record<string, { content?: Record<string, { schema: Record<string, unknown> }> }>;
  }
  const generated = buildOpenApi('http://localhost') as {
    paths: Record<string, Record<string, Operation>>;
    components: { schemas: Record<string, unknown> };
  };
  const operationOf = (route: string): Operation => {
    const doc = generated;
    const [method = '', path = ''] = route.split(' ');
    const op = doc.paths[path]?.[method.toLowerCase()];
    if (!op) throw new Error(`${route} is not documented`);
    return op;
  };
  const without = (record: Record<string, unknown>, key: string) =>
    Object.fromEntries(Object.entries(record).filter(([name]) => name !== key));
  /** A form's wire types as JSON Schema: what express-validator lets through before the rules. */
  const wireTypes = (form: RequestForm<never>) =>
    without(z.toJSONSchema('choose' in form ? form.fields : form, { io: 'input' }), '$schema') as {
      properties: Record<string, unknown>;
    };

  test('when a route validates its body with a form, then the document shows that form, and no other route documents a body', () => {
    const validatedBodies: string[] = [];
    const unvalidatedBodies: string[] = [];
    for (const { route, handlers } of mountedApiRouteHandlers(expressApp)) {
      const forms = handlers.map(formValidatedBy).filter((form) => form !== undefined);
      const body = operationOf(route).requestBody;
      if (forms.length === 0) {
        if (body) unvalidatedBodies.push(route);
        continue;
      }
      expect(forms).toHaveLength(1);
      const wire = wireTypes(forms[0] as RequestForm<never>);
      validatedBodies.push(route);
      expect(body).toBeDefined();
      const multipart = body?.content['multipart/form-data']?.schema;
      if (multipart) {
        // The spec's multipart forms: the form as JSON text in one field; the uploaded file is its `image`.
        expect(handlers).toContain(imageUpload);
        const [field, ...others] = Object.keys(multipart.properties ?? {}).filter((name) => name !== 'image');
        expect(others).toEqual([]);
        const attributes = without(wire.properties, 'image');
        expect((multipart.properties?.[field ?? ''] as { contentSchema?: unknown }).contentSchema).toEqual({
          ...wire,
          properties: attributes,
        });
      } else {
        expect(body?.content['application/json']?.schema).toEqual(wire);
      }
    }
    expect(validatedBodies.length).toBeGreaterThan(15);
    // Stripe's events are trusted by their signature, not judged by a form.
    expect(unvalidatedBodies).toEqual(['POST /payments/webhook']);
    const planCreate = mountedApiRouteHandlers(expressApp).find((r) => r.route === 'POST /memberships/create');
    expect(planCreate?.handlers.map(formValidatedBy)).toContain(schemas.planForm);
  });

  test('when an answer has a name, then the document refers to its component, generated from the shared schema', () => {
    const doc = generated;
    expect(operationOf('GET /memberships/{id}').responses['200']?.content?.['application/json']?.schema).toEqual({
      $ref: '#/components/schemas/Plan',
    });
    const plan = z.toJSONSchema(schemas.plan) as { $ref: string; $defs: Record<string, unknown> };
    expect(plan.$ref).toBe('#/$defs/Plan');
    expect(doc.components.schemas.Plan).toEqual(plan.$defs.Plan);
    expect(operationOf('POST /users/login').responses['400']?.content?.['application/json']?.schema).toEqual({
      $ref: '#/components/schemas/Error',
    });
    expect(Object.keys(doc.components.schemas)).toEqual(
      expect.arrayContaining(['Error', 'Lesson', 'LessonListItem', 'Branch', 'User', 'UserListItem', 'Payment']),
    );
  });

  test('when a route is documented as answered before the session is read, then a broken token gets no 401 there, and 401 elsewhere', async () => {
    const broken = { Authorization: 'Bearer aaaa.bbbb.cccc' };
    for (const url of ['/api/health', '/api/ready', '/api/config', '/api/openapi.json']) {
      const res = await request(app).get(url).set(broken);
      expect(res.status).toBe(200);
      expect(operationOf(`GET ${url.slice(4)}`).responses['401']).toBeUndefined();
    }
    const webhook = await request(app).post('/api/payments/webhook').set(broken).send({});
    expect(webhook.status).toBe(404);
    expect(operationOf('POST /payments/webhook').responses['401']).toBeUndefined();
    const plans = await request(app).get('/api/memberships').set(broken);
    expect(plans.status).toBe(401);
    expectMatchesOpenApi('GET', '/memberships', plans);
  });
});
