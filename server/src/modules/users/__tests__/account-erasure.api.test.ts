import { trusted, Types } from 'mongoose';
import request from 'supertest';
import { addDays, sessionIdOf, WEEKDAYS } from '@pulso/shared';
import { gymDate } from '../../../lib/gym-time';
import { createTestApp } from '../../../test/app';
import { useTestDatabase } from '../../../test/db';
import { bearer, createTestUser, lessonFields, type TestUser } from '../../../test/fixtures';
import { expectMatchesOpenApi } from '../../../test/openapi';
import { binary, pdfText } from '../../../test/pdf';
import { ContactModel } from '../../contact/contact.model';
import { LessonModel } from '../../lessons/lessons.model';
import { PlanModel } from '../../plans/plans.model';
import { LessonReviewsModel } from '../../reviews/reviews.model';
import { erasedAddress, finishPendingErasures } from '../account-erasure';
import { IdentityModel } from '../identity.model';
import { UserModel } from '../users.model';
import { SubscriptionModel } from '../../payments/subscriptions.model';
import { identityOwners } from '../../../lib/owned-lists';

const PASSWORD = 'Socio1234';

describe('POST /api/users/erase: a member erases their own account', () => {
  useTestDatabase();
  const { app, config, ctx } = createTestApp();
  let admin: TestUser;

  beforeAll(async () => {
    admin = await createTestUser(config, { isAdmin: true });
    await PlanModel.create({ name: 'Plus', duration: 3, benefits: 'Clases ilimitadas', price: 79.99 });
  });

  /** A member registered with a password (as a person registers), signed in. */
  async function register(email: string, fullName = 'Lucía Borrar'): Promise<TestUser> {
    await request(app).post('/api/users/create').send({ email, password: PASSWORD, fullName }).expect(201);
    const login = await request(app).post('/api/users/login').send({ email, password: PASSWORD }).expect(200);
    const token = login.body.login.token as string;
    const id = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()).id as string;
    return { id, email, token } as TestUser;
  }

  test('when a member erases their account, then what names them is gone, their place goes to the waitlist, their reviews say Socio anónimo and their address can register again', async () => {
    const lesson = await LessonModel.create(
      lessonFields('Spinning Borrado', {
        capacity: 1,
        isAvailable: true,
        scheduleDays: [...WEEKDAYS],
        scheduleHourStart: '23:00',
        scheduleHourFinish: '23:30',
      }),
    );
    const email = 'lucia.borrar@example.com';
    const member = await register(email);
    const waiting = await createTestUser(config, {
      fullName: 'Marta Espera',
      membership: {
        planId: new Types.ObjectId(),
        name: 'Plus',
        start: new Date(),
        end: new Date(Date.now() + 30 * 86_400_000),
      },
    });
    // A purchase, a booking (the only place), a review and a contact message.
    const started = await request(app).post('/api/payments/create_checkout').set(bearer(member)).send({ name: 'Plus' });
    const paid = await request(app)
      .post(`/api/payments/demo/${String(started.body.redirect_url).split('/').pop()}/confirm`)
      .set(bearer(member))
      .expect(200);
    const session = sessionIdOf(lesson._id.toString(), addDays(gymDate(new Date(), 'UTC'), 2));
    await request(app).post(`/api/sessions/${session}/booking`).set(bearer(member)).expect(200);
    await request(app).post(`/api/sessions/${session}/booking`).set(bearer(waiting)).expect(200);
    expect((await request(app).get(`/api/sessions/${session}`).set(bearer(waiting))).body.mine).toMatchObject({
      state: 'waitlisted',
    });
    await request(app)
      .post('/api/reviews/create')
      .set(bearer(member))
      .send({ stars: 5, description: 'Muy buena clase', lessonId: lesson._id.toString() })
      .expect(201);
    await request(app)
      .post('/api/contact')
      .send({ user_name: 'Lucía', subject: 'Horarios', user_email: email, company: '', message: 'Hola' })
      .expect(201);

    // A wrong password, or none, changes nothing.
    const wrong = await request(app).post('/api/users/erase').set(bearer(member)).send({ password: 'Otra1234' });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'La contraseña no es correcta',
      details: [{ field: 'password', message: 'La contraseña no es correcta' }],
    });
    const none = await request(app).post('/api/users/erase').set(bearer(member)).send({});
    expect(none.body.message).toBe('Escribe tu contraseña para confirmar');
    expect((await UserModel.findById(member.id).lean())?.erasedAt).toBeNull();

    const erased = await request(app).post('/api/users/erase').set(bearer(member)).send({ password: PASSWORD });
    expect(erased.status).toBe(200);
    expectMatchesOpenApi('POST', '/users/erase', erased);
    expect(erased.body).toEqual({ message: 'Tu cuenta se eliminó. Gracias por haber entrenado con nosotros.' });

    // Locked out: the session ends, and the address names no account (the spec's 404 for an unknown user).
    expect((await request(app).get(`/api/users/${member.id}`).set(bearer(member))).status).toBe(401);
    expect((await request(app).post('/api/users/login').send({ email, password: PASSWORD })).status).toBe(404);

    // The account names no one.
    const doc = await UserModel.findById(member.id).select('+passwordHash').lean();
    expect(doc).toMatchObject({
      fullName: 'Socio anónimo',
      email: erasedAddress(new Types.ObjectId(member.id)),
      phone: '',
      membership: null,
      lessons: [],
      isAdmin: false,
      isMonitor: false,
    });
    expect(doc?.passwordHash).toBeUndefined();
    expect(doc?.erasedAt).toBeInstanceOf(Date);
    expect(doc?.erasureDoneAt).toBeInstanceOf(Date);

    // The admin sees it as erased among the suspended, and cannot restore it.
    const suspended = await request(app).get('/api/users/deleted').set(bearer(admin)).expect(200);
    expect(suspended.body.find((u: { id: string }) => u.id === member.id)).toMatchObject({
      fullName: 'Socio anónimo',
      erasedAt: expect.any(String),
    });
    const restore = await request(app).put(`/api/users/restore/${member.id}`).set(bearer(admin));
    expect(restore.status).toBe(409);
    expect(restore.body.message).toBe('Esta cuenta fue eliminada por su titular y no se puede restaurar');

    // The place went to the member waiting.
    expect((await request(app).get(`/api/sessions/${session}`).set(bearer(waiting))).body.mine).toMatchObject({
      state: 'confirmed',
    });
    // The review stays, under 'Socio anónimo', on the class page too.
    const reviews = await LessonReviewsModel.findById(lesson._id).lean();
    expect(reviews?.reviews.map((r) => [r.userName, r.description])).toEqual([['Socio anónimo', 'Muy buena clase']]);
    const page = await request(app).get(`/api/lessons/detail/${lesson._id.toString()}`).expect(200);
    expect(JSON.stringify(page.body)).toContain('Socio anónimo');
    expect(JSON.stringify(page.body)).not.toContain('Lucía');
    // The contact message is gone.
    expect(await ContactModel.countDocuments({ email })).toBe(0);
    // The payment stays for the accounts; its receipt names no one.
    const receipt = await binary(
      request(app).get(`/api/payments/${paid.body.payment.id}/receipt`).set(bearer(admin)),
    ).expect(200);
    const text = await pdfText(receipt.body as Buffer);
    expect(text).toContain('Socio anónimo');
    expect(text).toContain('79,99 USD');
    expect(text).not.toContain(email);
    expect(text).not.toContain('Lucía');

    // The address is free: a new account with it.
    const again = await request(app)
      .post('/api/users/create')
      .send({ email, password: PASSWORD, fullName: 'Lucía Vuelve' });
    expect(again.status).toBe(201);
    const login = await request(app).post('/api/users/login').send({ email, password: PASSWORD }).expect(200);
    expect(login.body.login.token).toEqual(expect.any(String));
  });

  test('when an account signs in with Google only, then its e-mail confirms the erasure and its Google identity is deleted', async () => {
    const member = await createTestUser(config, { fullName: 'Google Solo' });
    await UserModel.updateOne({ _id: member.id }, { $unset: { passwordHash: 1 } });
    const identity = `google:${new Types.ObjectId().toString()}`;
    await identityOwners.add(member.id, identity);
    await IdentityModel.create({ _id: identity, provider: 'google', subject: identity.slice(7), user: member.id });

    const none = await request(app).post('/api/users/erase').set(bearer(member)).send({ password: 'algo' });
    expect(none.status).toBe(400);
    expect(none.body.details).toEqual([{ field: 'email', message: 'Escribe tu correo electrónico para confirmar' }]);
    const other = await request(app).post('/api/users/erase').set(bearer(member)).send({ email: 'otra@example.com' });
    expect(other.body.message).toBe('El correo no coincide con el de tu cuenta');

    await request(app)
      .post('/api/users/erase')
      .set(bearer(member))
      .send({ email: member.email.toUpperCase() })
      .expect(200);
    expect(await IdentityModel.countDocuments({ _id: identity })).toBe(0);
    expect(await identityOwners.ids(member.id)).toEqual([]);
  });

  test('when the last active admin, or a trainer who teaches, asks, then the account stays', async () => {
    const soleAdmin = await createTestUser(config, { isAdmin: true });
    // Two admins: one may leave, the last may not.
    await UserModel.updateMany({ _id: trusted({ $ne: soleAdmin.id }), isAdmin: true }, { $set: { isAdmin: false } });
    const refused = await request(app).post('/api/users/erase').set(bearer(soleAdmin)).send({ password: 'Secreta123' });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('LAST_ADMIN');
    expect((await UserModel.findById(soleAdmin.id).lean())?.erasedAt).toBeNull();
    await UserModel.updateOne({ _id: admin.id }, { $set: { isAdmin: true } });

    const trainer = await createTestUser(config, { isMonitor: true, fullName: 'Profe Clase' });
    await LessonModel.create(lessonFields('Yoga Profe', { monitor: new Types.ObjectId(trainer.id) }));
    const teaching = await request(app).post('/api/users/erase').set(bearer(trainer)).send({ password: 'Secreta123' });
    expect(teaching.status).toBe(409);
    expect(teaching.body.code).toBe('TRAINER_IN_USE');
    expect(teaching.body.message).toContain('Yoga Profe');
  });

  test('when a server stops half-way through an erasure, then the job finishes it', async () => {
    const member = await createTestUser(config, { fullName: 'Medio Borrado' });
    // The mark alone, as a server that stopped right after it leaves it.
    await UserModel.updateOne(
      { _id: member.id },
      { $set: { erasedAt: new Date(), deletedAt: new Date(), sessionsValidAfter: new Date() } },
    );
    expect(await finishPendingErasures({ ctx, logger: console })).toBeGreaterThanOrEqual(1);
    expect(await UserModel.findById(member.id).lean()).toMatchObject({
      fullName: 'Socio anónimo',
      email: erasedAddress(new Types.ObjectId(member.id)),
      erasureDoneAt: expect.any(Date),
    });
    // Done: the next run has nothing to finish.
    expect(await finishPendingErasures({ ctx, logger: console })).toBe(0);
  });

  test('when a member with a renewing plan erases their account, then the renewal ends at once and is never charged', async () => {
    const plan = await PlanModel.create({
      name: 'Mensual Borrar',
      duration: 1,
      benefits: 'Sala',
      price: 30,
      renewing: true,
    });
    const member = await register('renueva.borrar@example.com', 'Rosa Renueva');
    const started = await request(app)
      .post('/api/payments/create_checkout')
      .set(bearer(member))
      .send({ planId: plan._id.toString() });
    await request(app)
      .post(`/api/payments/demo/${String(started.body.redirect_url).split('/').pop()}/confirm`)
      .set(bearer(member))
      .expect(200);
    expect(await SubscriptionModel.findOne({ user: new Types.ObjectId(member.id) }).lean()).toMatchObject({
      status: 'active',
    });

    await request(app).post('/api/users/erase').set(bearer(member)).send({ password: PASSWORD }).expect(200);
    const sub = await SubscriptionModel.findOne({ user: new Types.ObjectId(member.id) }).lean();
    expect(sub).toMatchObject({ status: 'canceled', nextChargeAt: null });
  });

  test('when one erasure is sent six times at once, then it is done once and the account ends consistent', async () => {
    const email = 'seis.veces@example.com';
    const member = await register(email, 'Sara Seis');
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        request(app).post('/api/users/erase').set(bearer(member)).send({ password: PASSWORD }),
      ),
    );
    // The first ends the session: the others are turned away or find the work done.
    expect(answers.filter((a) => a.status === 200).length).toBeGreaterThanOrEqual(1);
    for (const answer of answers) expect([200, 401]).toContain(answer.status);
    const doc = await UserModel.findById(member.id).lean();
    expect(doc).toMatchObject({ fullName: 'Socio anónimo', email: erasedAddress(new Types.ObjectId(member.id)) });
    expect(doc?.erasureDoneAt).toBeInstanceOf(Date);
    // The address is free once: one new account takes it, a second is refused as taken.
    const again = await Promise.all(
      [1, 2].map(() =>
        request(app).post('/api/users/create').send({ email, password: PASSWORD, fullName: 'Sara Vuelve' }),
      ),
    );
    expect(again.map((a) => a.status).sort()).toEqual([201, 409]);
  });
});
