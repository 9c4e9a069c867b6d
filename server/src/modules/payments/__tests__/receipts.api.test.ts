import mongoose, { trusted, Types } from 'mongoose';
import request from 'supertest';
import { createTestApp } from '../../../test/app';
import { binary, pdfText } from '../../../test/pdf';
import { useTestDatabase } from '../../../test/db';
import { bearer, createTestUser, type TestUser } from '../../../test/fixtures';
import { startSmtp, until } from '../../../test/smtp';
import { PlanModel } from '../../plans/plans.model';
import { PaymentModel } from '../payments.model';

/** A quoted-printable text part as the reader sees it. */
const unquote = (text: string) =>
  Buffer.from(
    text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

const receipts = () => mongoose.connection.collection('receipts');

describe('numbered receipts', () => {
  useTestDatabase();
  const env = {
    GYM_NAME: 'Pulso Centro',
    GYM_LEGAL_NAME: 'Pulso Fitness S.L.',
    GYM_TAX_ID: 'B87654321',
    GYM_ADDRESS: 'Avenida de la Constitución 12, 41001 Sevilla',
    GYM_TAX_RATE: '21',
    // Both servers accept each other's sessions, as a chain's instances do.
    JWT_SECRET: 'receipts-test-secret-receipts-test-secret-0123456789',
  };
  const { app, config } = createTestApp(env);
  // A second server on the same database: its own process state, the same sequence.
  const { app: other } = createTestApp(env);
  let admin: TestUser;
  let planId: string;

  beforeAll(async () => {
    admin = await createTestUser(config, { isAdmin: true });
    const plan = await PlanModel.create({ name: 'Plus', duration: 3, benefits: 'Clases ilimitadas', price: 79.99 });
    planId = plan._id.toString();
  });

  async function pay(server: typeof app, buyer: TestUser): Promise<string> {
    const started = await request(server).post('/api/payments/create_checkout').set(bearer(buyer)).send({ planId });
    expect(started.status).toBe(201);
    return String(started.body.redirect_url).split('/').pop() as string;
  }
  const confirm = (server: typeof app, buyer: TestUser, sessionId: string) =>
    request(server).post(`/api/payments/demo/${sessionId}/confirm`).set(bearer(buyer));

  test('when a member pays, then the payment has a receipt whose PDF holds its number, plan, amount and the gym', async () => {
    await receipts().deleteMany({});
    const buyer = await createTestUser(config, { fullName: 'Lucía Peña' });
    const paid = await confirm(app, buyer, await pay(app, buyer));
    expect(paid.status).toBe(200);
    const number = paid.body.payment.receiptNumber as number;
    expect(number).toBeGreaterThan(0);

    const mine = await request(app).get('/api/payments/mine').set(bearer(buyer));
    expect(mine.body[0].receiptNumber).toBe(number);

    const res = await binary(request(app).get(`/api/payments/${paid.body.payment.id}/receipt`).set(bearer(buyer)));
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const file = `recibo-${String(number).padStart(6, '0')}.pdf`;
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${file}"`);
    expect(res.headers['cache-control']).toContain('no-store');
    const body = res.body as Buffer;
    expect(body.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(body);
    for (const expected of [
      `Recibo ${String(number).padStart(6, '0')}`,
      'Pulso Fitness S.L.',
      'Identificación fiscal: B87654321',
      'Avenida de la Constitución 12, 41001 Sevilla',
      'Lucía Peña',
      buyer.email,
      'Membresía Plus',
      'Tarjeta (demostración)',
      // 79,99 with 21 % included: 66,11 + 13,88.
      '66,11 USD',
      'Impuestos (21 %)',
      '13,88 USD',
      '79,99 USD',
    ]) {
      expect(text).toContain(expected);
    }

    // The admin downloads it too; the same number every time.
    const again = await binary(request(app).get(`/api/payments/${paid.body.payment.id}/receipt`).set(bearer(admin)));
    expect(again.status).toBe(200);
    expect(await pdfText(again.body as Buffer)).toContain(`Recibo ${String(number).padStart(6, '0')}`);
    expect(await receipts().countDocuments({ payment: paid.body.payment.id })).toBe(1);
  });

  test('when someone else, a visitor or a pending payment is asked for, then no receipt is given', async () => {
    const buyer = await createTestUser(config);
    const stranger = await createTestUser(config);
    const sessionId = await pay(app, buyer);
    const pending = await PaymentModel.findOne({ providerSessionId: sessionId }).lean();
    const id = String(pending?._id);

    const notPaid = await request(app).get(`/api/payments/${id}/receipt`).set(bearer(buyer));
    expect(notPaid.status).toBe(404);
    expect(notPaid.body).toMatchObject({ code: 'NOT_FOUND', message: 'Este pago no tiene recibo' });

    await confirm(app, buyer, sessionId).expect(200);
    const foreign = await request(app).get(`/api/payments/${id}/receipt`).set(bearer(stranger));
    expect(foreign.status).toBe(403);
    expect(foreign.body.message).toBe('Este pago pertenece a otra persona');
    expect((await request(app).get(`/api/payments/${id}/receipt`)).status).toBe(401);
    expect((await request(app).get('/api/payments/nope/receipt').set(bearer(buyer))).status).toBe(400);
    const unknown = await request(app)
      .get(`/api/payments/${new Types.ObjectId().toString()}/receipt`)
      .set(bearer(admin));
    expect(unknown.status).toBe(404);
  });

  test('when the receipt is e-mailed, then its PDF is attached and names the receipt number', async () => {
    const mail = startSmtp();
    const smtpUrl = await mail.listen();
    try {
      const { app: mailing, config: mailingConfig } = createTestApp({ ...env, SMTP_URL: smtpUrl });
      const buyer = await createTestUser(mailingConfig);
      const paid = await confirm(mailing, buyer, await pay(mailing, buyer));
      const number = String(paid.body.payment.receiptNumber).padStart(6, '0');
      await until(() => mail.received.length > 0);
      const raw = mail.received[0]?.raw ?? '';
      expect(unquote(raw)).toContain(`Recibo n.º ${number}`);
      expect(raw).toMatch(new RegExp(`Content-Type: application/pdf; name=recibo-${number}\\.pdf`));
      const encoded = /Content-Disposition: attachment;[^\r\n]*(?:\r?\n[^\r\n]+)*\r?\n\r?\n([A-Za-z0-9+/=\r\n]+)/.exec(
        raw,
      )?.[1];
      const pdf = Buffer.from((encoded ?? '').replace(/\s+/g, ''), 'base64');
      expect(await pdfText(pdf)).toContain(`Recibo ${number}`);
    } finally {
      await mail.close();
    }
  });

  test('when payments of many members are confirmed at once on two servers, each twice, then their numbers run on with no gap and none twice', async () => {
    const before = await receipts().countDocuments({});
    const buyers = await Promise.all(Array.from({ length: 24 }, () => createTestUser(config)));
    const sessions = await Promise.all(buyers.map((buyer, i) => pay(i % 2 ? other : app, buyer)));
    const answers = await Promise.all(
      buyers.flatMap((buyer, i) => [
        confirm(app, buyer, sessions[i] as string),
        confirm(other, buyer, sessions[i] as string),
      ]),
    );
    for (const answer of answers) expect(answer.status).toBe(200);

    const all = await receipts().find({}).toArray();
    expect(all.map((r) => r.number as number).sort((a, b) => a - b)).toEqual(
      Array.from({ length: before + 24 }, (_, i) => i + 1),
    );
    const payments = await PaymentModel.find({ providerSessionId: trusted({ $in: sessions }) }).lean();
    const numbers = payments.map((p) => p.receiptNumber).sort((a, b) => Number(a) - Number(b));
    expect(numbers).toEqual(Array.from({ length: 24 }, (_, i) => before + i + 1));
    // Both confirmations of a payment answered the same number.
    const byPayment = new Map<string, Set<number>>();
    for (const answer of answers) {
      const set = byPayment.get(answer.body.payment.id) ?? new Set<number>();
      set.add(answer.body.payment.receiptNumber);
      byPayment.set(answer.body.payment.id, set);
    }
    expect([...byPayment.values()].every((set) => set.size === 1)).toBe(true);
  });

  test('when a payment paid before receipts were numbered is downloaded eight times at once on two servers, then it gets the next number once', async () => {
    const buyer = await createTestUser(config);
    const legacy = await PaymentModel.create({
      user: new Types.ObjectId(buyer.id),
      plan: new Types.ObjectId(planId),
      planName: 'Plus',
      duration: 3,
      amount: 79.99,
      currency: 'usd',
      provider: 'manual',
      providerSessionId: `seed_${buyer.id}`,
      status: 'paid',
      paidAt: new Date('2026-01-05T10:00:00Z'),
      membershipStart: new Date('2026-01-05T10:00:00Z'),
      membershipEnd: new Date('2026-04-05T10:00:00Z'),
    });
    const last = await receipts().countDocuments({});
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        binary(
          request(i % 2 ? other : app)
            .get(`/api/payments/${legacy._id.toString()}/receipt`)
            .set(bearer(buyer)),
        ),
      ),
    );
    const number = String(Number(last) + 1).padStart(6, '0');
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.headers['content-disposition']).toContain(`recibo-${number}.pdf`);
    }
    expect(await receipts().countDocuments({})).toBe(last + 1);
    const [a] = answers as [request.Response];
    const text = await pdfText(a.body as Buffer);
    expect(text).toContain('05/01/2026');
    expect(text).toContain('del 05/01/2026 al 05/04/2026');
    expect(text).toContain('En recepción');
    expect((await PaymentModel.findById(legacy._id).lean())?.receiptNumber).toBe(Number(last) + 1);
  });
});
