import request from 'supertest';
import { createTestApp } from '../../../test/app';
import { useTestDatabase } from '../../../test/db';
import { PlanModel } from '../plans.model';

describe('GET /api/memberships', () => {
  useTestDatabase();
  const { app } = createTestApp();

  beforeEach(async () => {
    await PlanModel.deleteMany({});
  });

  test('when plans exist, then they are listed cheapest first in the shape the client reads', async () => {
    await PlanModel.create([
      { name: 'Premium', duration: 12, benefits: 'Todo incluido', price: 300 },
      { name: 'Standar', duration: 1, benefits: 'Sala de musculacion', price: 30 },
    ]);
    const res = await request(app).get('/api/memberships').expect(200);
    expect(res.body).toEqual([
      {
        id: expect.stringMatching(/^[0-9a-f]{24}$/),
        name: 'Standar',
        duration: 1,
        benefits: 'Sala de musculacion',
        price: 30,
      },
      {
        id: expect.stringMatching(/^[0-9a-f]{24}$/),
        name: 'Premium',
        duration: 12,
        benefits: 'Todo incluido',
        price: 300,
      },
    ]);
  });

  test('when there are no plans, then an empty list is sent', async () => {
    const res = await request(app).get('/api/memberships').expect(200);
    expect(res.body).toEqual([]);
  });

  test('when two plans share a name, then the database refuses the second', async () => {
    await PlanModel.create({ name: 'Plus', duration: 3, benefits: 'Clases', price: 80 });
    await expect(PlanModel.create({ name: 'Plus', duration: 6, benefits: 'Otra', price: 90 })).rejects.toMatchObject({
      code: 11000,
    });
  });
});
