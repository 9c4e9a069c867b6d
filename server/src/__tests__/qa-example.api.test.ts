import request from 'supertest';
import { MESSAGES } from '@pulso/shared';
import { createTestApp } from '../test/app';
import { useTestDatabase } from '../test/db';
import { bearer, createTestUser, type TestUser } from '../test/fixtures';
import { expectMatchesOpenApi } from '../test/openapi';

/**
 * The worked example of docs/testing.md: how a QA team writes its own supertest suite against the
 * app factory and a throwaway database. Run it with `npm test -w server -- qa-example`.
 */
describe('QA example: a plan sold at the front desk', () => {
  // A database of its own on the engine jest started, created before these tests and dropped after.
  useTestDatabase();
  // The real app with test settings (cheap password hashing, no rate limits to speak of).
  const { app, config } = createTestApp();
  let admin: TestUser;
  let member: TestUser;

  beforeAll(async () => {
    // Accounts straight in the database, each with a signed token: no sign-in round trip needed.
    admin = await createTestUser(config, { isAdmin: true, fullName: 'Recepción Pulso' });
    member = await createTestUser(config, { fullName: 'Marta Solís' });
  });

  const summer = { name: 'Verano', benefits: 'Sala de musculación, Clases grupales', duration: '2', price: '49.90' };

  test('when an admin creates a plan, then visitors see it on sale, in the documented shape', async () => {
    const created = await request(app).post('/api/memberships/create').set(bearer(admin)).send(summer);

    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      message: MESSAGES.planForm.created,
      plan: {
        id: expect.stringMatching(/^[0-9a-f]{24}$/),
        name: 'Verano',
        benefits: 'Sala de musculación, Clases grupales',
        duration: 2,
        price: 49.9,
        renewing: false,
      },
    });
    expectMatchesOpenApi('POST', '/memberships/create', created);
    const onSale = await request(app).get('/api/memberships').expect(200);
    expect(onSale.body).toContainEqual(created.body.plan);
  });

  test('when a member tries to create a plan, then 403 and nothing is created', async () => {
    const res = await request(app)
      .post('/api/memberships/create')
      .set(bearer(member))
      .send({ ...summer, name: 'Pirata' });

    expect(res.status).toBe(403);
    expect(res.body).toEqual({ code: 'FORBIDDEN', message: MESSAGES.api.forbidden });
    const onSale = await request(app).get('/api/memberships').expect(200);
    expect(onSale.body.map((p: { name: string }) => p.name)).not.toContain('Pirata');
  });

  test('when the price is not a number, then 400 names the field with the form words', async () => {
    const res = await request(app)
      .post('/api/memberships/create')
      .set(bearer(admin))
      .send({ ...summer, name: 'Otoño', price: 'cincuenta' });

    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      code: 'VALIDATION_FAILED',
      message: MESSAGES.planForm.priceFormat,
      details: [{ field: 'price', message: MESSAGES.planForm.priceFormat }],
    });
  });

  test('when the front desk records a payment, then the member holds an active membership of that plan', async () => {
    const winter = { ...summer, name: 'Invierno', price: '59' };
    const plan = (await request(app).post('/api/memberships/create').set(bearer(admin)).send(winter).expect(201)).body
      .plan as { id: string };

    const paid = await request(app)
      .post('/api/payments/manual')
      .set(bearer(admin))
      .send({ userId: member.id, planId: plan.id });
    expect(paid.status).toBe(201);
    expect(paid.body.payment).toMatchObject({ planName: 'Invierno', provider: 'manual', status: 'paid', amount: 59 });

    const profile = await request(app).get(`/api/users/${member.id}`).set(bearer(member)).expect(200);
    expect(profile.body).toMatchObject({
      fullName: 'Marta Solís',
      statusMembershipIdStatus: 'Activo',
      membresia: { name: 'Invierno', status: 'Activo' },
    });
    expectMatchesOpenApi('GET', '/users/{id}', profile);
  });
});
