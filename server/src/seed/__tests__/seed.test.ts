import { useTestDatabase } from '../../test/db';
import { PlanModel } from '../../modules/plans/plans.model';
import { PasswordHasher } from '../../lib/password';
import { UserModel } from '../../modules/users/users.model';
import { seedIfEmpty } from '../seed';

describe('seedIfEmpty', () => {
  useTestDatabase();
  const logger = { info: () => undefined };
  const passwords = new PasswordHasher(4);

  beforeEach(async () => {
    await PlanModel.deleteMany({});
    await UserModel.deleteMany({});
  });

  test('when the database is empty, then the plans Standar, Plus and Premium are loaded', async () => {
    expect(await seedIfEmpty(logger, passwords)).toBe(true);
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
    await UserModel.create({ fullName: 'Ana', email: 'ana@example.com' });
    expect(await seedIfEmpty(logger, passwords)).toBe(false);
    expect(await PlanModel.countDocuments()).toBe(1);
    expect(await UserModel.countDocuments()).toBe(1);
  });

  test('when seeded, then the demo admin and an active member exist', async () => {
    await seedIfEmpty(logger, passwords);
    const admin = await UserModel.findOne({ email: 'admin@pulso.demo' }).lean();
    expect(admin?.isAdmin).toBe(true);
    const member = await UserModel.findOne({ email: 'socio@pulso.demo' }).lean();
    expect(member?.membership?.name).toBe('Plus');
    expect(member?.membership?.start.getTime()).toBeLessThan(Date.now());
    expect(member?.membership?.end.getTime()).toBeGreaterThan(Date.now());
    expect(await UserModel.countDocuments({ isMonitor: true })).toBeGreaterThanOrEqual(4);
  });

  test('when two processes seed at once, then nothing is duplicated', async () => {
    await Promise.all([seedIfEmpty(logger, passwords), seedIfEmpty(logger, passwords)]);
    expect(await PlanModel.countDocuments()).toBe(3);
  });
});
