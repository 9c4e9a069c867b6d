import mongoose, { Types } from 'mongoose';
import request from 'supertest';
import { createTestApp } from '../../../test/app';
import { useTestDatabase } from '../../../test/db';
import { bearer, createTestUser, type TestUser } from '../../../test/fixtures';
import { scansDuring } from '../../../test/point-queries';
import { PlanModel } from '../../plans/plans.model';
import { fulfil } from '../payments.service';

/**
 * Item 1 of issue 21 for the payments module: every member request path (checkout, its session,
 * the demo page's 'Pagar' and 'Cancelar', 'Mis pagos', the provider's confirmation) and the
 * membership it grants answer from point reads by `_id` and inserts, so their cost does not grow
 * with the chain's payments, members or membership links.
 */
describe('payments: member request paths read by _id only', () => {
  useTestDatabase();
  const { app, config } = createTestApp();
  let plan: string;
  let member: TestUser;

  beforeAll(async () => {
    plan = (await PlanModel.create({ name: 'Plus', duration: 3, benefits: 'Todo', price: 79.99 }))._id.toString();
    member = await createTestUser(config);
  });

  const sessionOf = (res: request.Response) => String(res.body.redirect_url).split('/').pop() as string;
  const checkout = () => request(app).post('/api/payments/create_checkout').set(bearer(member)).send({ planId: plan });

  test('when a member checks out, reopens, pays, cancels another and lists their payments, then no query scans', async () => {
    let first = '';
    expect(await scansDuring(async () => (first = sessionOf(await checkout().expect(201))))).toEqual([]);
    // The pending checkout is found again (the same session), still without a scan.
    expect(await scansDuring(async () => expect(sessionOf(await checkout())).toBe(first))).toEqual([]);
    expect(
      await scansDuring(() => request(app).get(`/api/payments/session/${first}`).set(bearer(member)).expect(200)),
    ).toEqual([]);
    expect(
      await scansDuring(() => request(app).post(`/api/payments/demo/${first}/confirm`).set(bearer(member)).expect(200)),
    ).toEqual([]);
    // A renewal walks the member's membership chain.
    const second = sessionOf(await checkout().expect(201));
    expect(
      await scansDuring(() =>
        request(app).post(`/api/payments/demo/${second}/confirm`).set(bearer(member)).expect(200),
      ),
    ).toEqual([]);
    const third = sessionOf(await checkout().expect(201));
    expect(
      await scansDuring(() => request(app).post(`/api/payments/demo/${third}/cancel`).set(bearer(member)).expect(200)),
    ).toEqual([]);
    let mine: request.Response | undefined;
    expect(
      await scansDuring(async () => (mine = await request(app).get('/api/payments/mine').set(bearer(member)))),
    ).toEqual([]);
    expect(mine?.body.map((p: { status: string }) => p.status)).toEqual(['cancelled', 'paid', 'paid']);
  });

  test("when the provider confirms a session (Stripe's webhook), then fulfilment and the receipt read by _id only", async () => {
    const session = sessionOf(await checkout().expect(201));
    const deps = { logger: { warn: () => undefined }, mailer: { delivering: false, send: async () => undefined } };
    expect(await scansDuring(() => fulfil(session, 'evt_point', deps))).toEqual([]);
    // A replayed event finds everything done, by the same keys.
    expect(await scansDuring(() => fulfil(session, 'evt_point', deps))).toEqual([]);
  });

  test('when the engine explains the point reads, then it pushes them down to its _id index', async () => {
    const db = mongoose.connection.db as mongoose.mongo.Db;
    const explained = await db.command({ explain: { find: 'payments', filter: { _id: new Types.ObjectId() } } });
    expect(explained.filterPushdown).toBe(true);
    const scan = await db.command({ explain: { find: 'payments', filter: { providerSessionId: 'x' } } });
    expect(scan.filterPushdown).toBe(false);
  });
});
