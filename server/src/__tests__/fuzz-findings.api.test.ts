import request from 'supertest';
import { createTestApp } from '../test/app';
import { useTestDatabase } from '../test/db';
import { bearer, createTestUser } from '../test/fixtures';
import { expectMatchesOpenApi } from '../test/openapi';

/**
 * What `npm run fuzz` (schemathesis against /api/openapi.json) found, one case per finding, each
 * checked against the OpenAPI document the fuzzer reads.
 */
describe('fuzz findings', () => {
  useTestDatabase();
  const { app, config } = createTestApp();

  test('when a suspended member calls public routes with their token, then each answers the documented 401', async () => {
    // Found when the fuzzed member suspended their own account: public routes answered 401, which
    // the document did not list for them.
    const member = await createTestUser(config, { deletedAt: new Date() });
    const calls: [string, string, () => request.Test][] = [
      ['GET', '/branchoffice', () => request(app).get('/api/branchoffice')],
      ['GET', '/memberships', () => request(app).get('/api/memberships')],
      ['GET', '/lessons/{name}', () => request(app).get('/api/lessons/Yoga')],
      [
        'POST',
        '/contact',
        () => request(app).post('/api/contact').send({ user_name: '', subject: '', user_email: '' }),
      ],
      ['POST', '/users/login', () => request(app).post('/api/users/login').send({ email: 'a@b.co', password: 'x' })],
    ];
    for (const [method, path, call] of calls) {
      const res = await call().set(bearer(member));
      expect([method, path, res.status, res.body.code]).toEqual([method, path, 401, 'ACCOUNT_SUSPENDED']);
      expectMatchesOpenApi(method, path, res);
    }
  });

  test('when a public route gets a token that is not valid, then the documented 401 answers', async () => {
    const res = await request(app).get('/api/lessons').set('Authorization', 'Bearer a.b.c');
    expect(res.status).toBe(401);
    expectMatchesOpenApi('GET', '/lessons', res);
  });
});
