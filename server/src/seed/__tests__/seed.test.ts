import { useTestDatabase } from '../../test/db';
import { PlanModel } from '../../modules/plans/plans.model';
import { seedIfEmpty } from '../seed';

describe('seedIfEmpty', () => {
  useTestDatabase();
  const logger = { info: () => undefined };

  beforeEach(async () => {
    await PlanModel.deleteMany({});
  });

  test('when the database is empty, then the plans Standar, Plus and Premium are loaded', async () => {
    expect(await seedIfEmpty(logger)).toBe(true);
    const plans = await PlanModel.find().sort({ price: 1 }).lean();
    expect(plans.map((p) => p.name)).toEqual(['Standar', 'Plus', 'Premium']);
    for (const plan of plans) {
      expect(plan.duration).toBeGreaterThan(0);
      expect(plan.price).toBeGreaterThan(0);
      expect(plan.benefits.length).toBeGreaterThan(0);
    }
  });

  test('when the database already has data, then nothing changes', async () => {
    await PlanModel.create({ name: 'Propio', duration: 2, benefits: 'Plan propio', price: 10 });
    expect(await seedIfEmpty(logger)).toBe(false);
    expect(await PlanModel.countDocuments()).toBe(1);
  });

  test('when two processes seed at once, then nothing is duplicated', async () => {
    await Promise.all([seedIfEmpty(logger), seedIfEmpty(logger)]);
    expect(await PlanModel.countDocuments()).toBe(3);
  });
});
