import mongoose, { Types } from 'mongoose';
import request from 'supertest';
import { addDays, sessionIdOf, WEEKDAYS } from '@pulso/shared';
import { gymDate } from '../../../lib/gym-time';
import { createTestApp } from '../../../test/app';
import { useTestDatabase } from '../../../test/db';
import { bearer, createTestUser, lessonFields } from '../../../test/fixtures';
import { expectMatchesOpenApi } from '../../../test/openapi';
import { LessonModel } from '../../lessons/lessons.model';
import { PlanModel } from '../../plans/plans.model';
import { ownedLists } from '../../../migrations/007-owned-lists';
import { ContactModel } from '../../contact/contact.model';
import { LessonReviewsModel } from '../../reviews/reviews.model';
import { IdentityModel } from '../identity.model';

const DAY = 86_400_000;

describe("GET /api/users/export: everything Pulso holds about the caller ('Descargar mis datos')", () => {
  useTestDatabase();
  const { app, config } = createTestApp({ GYM_NAME: 'Gimnasio Norte' });

  test('when a member asks, then the file holds their account, purchases, payments, bookings, waits, reviews and messages, and nobody else’s', async () => {
    await PlanModel.create({ name: 'Plus', duration: 3, benefits: 'Clases ilimitadas', price: 79.99 });
    const lesson = await LessonModel.create(
      lessonFields('Spinning Export', {
        capacity: 5,
        isAvailable: true,
        scheduleDays: [...WEEKDAYS],
        scheduleHourStart: '23:00',
        scheduleHourFinish: '23:30',
      }),
    );
    const member = await createTestUser(config, { fullName: 'Lucía Datos' });
    const other = await createTestUser(config, { fullName: 'Otra Persona' });

    // A purchase through the demo checkout.
    const started = await request(app).post('/api/payments/create_checkout').set(bearer(member)).send({ name: 'Plus' });
    const sessionId = String(started.body.redirect_url).split('/').pop();
    await request(app).post(`/api/payments/demo/${sessionId}/confirm`).set(bearer(member)).expect(200);
    // A booking, a wider wait, a review, a contact message and a preference.
    const session = sessionIdOf(lesson._id.toString(), addDays(gymDate(new Date(), 'UTC'), 2));
    await request(app).post(`/api/sessions/${session}/booking`).set(bearer(member)).expect(200);
    await request(app)
      .post('/api/wishes')
      .set(bearer(member))
      .send({ lessonId: lesson._id.toString(), days: ['Lunes'], from: '7:00', to: '9:00' })
      .expect(201);
    await request(app)
      .post('/api/reviews/create')
      .set(bearer(member))
      .send({ stars: 5, description: 'Muy buena clase', lessonId: lesson._id.toString() })
      .expect(201);
    await request(app)
      .post('/api/contact')
      .send({
        user_name: 'Lucía',
        subject: 'Horarios',
        user_email: member.email.toUpperCase(),
        company: '',
        message: '¿Abren los domingos?',
      })
      .expect(201);
    await request(app)
      .post('/api/contact')
      .send({ user_name: 'Otra', subject: 'Otro', user_email: other.email, company: '', message: 'No es mío' })
      .expect(201);
    await request(app)
      .put('/api/users/preferences')
      .set(bearer(member))
      .send({ membershipReminders: false })
      .expect(200);

    const res = await request(app).get('/api/users/export').set(bearer(member)).expect(200);
    expectMatchesOpenApi('GET', '/users/export', res);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="mis-datos-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(res.headers['cache-control']).toBe('no-store');
    const data = res.body;
    expect(data.gym).toBe('Gimnasio Norte');
    expect(data.account).toMatchObject({
      id: member.id,
      fullName: 'Lucía Datos',
      email: member.email,
      google: false,
      preferences: { membershipReminders: false },
    });
    expect(data.membership).toMatchObject({ name: 'Plus', status: 'Activo' });
    expect(data.membershipHistory).toEqual([
      expect.objectContaining({ kind: 'new', plan: 'Plus', payment: data.payments[0].id }),
    ]);
    expect(data.payments).toEqual([expect.objectContaining({ planName: 'Plus', status: 'paid', amount: 79.99 })]);
    expect(data.bookings).toEqual([expect.objectContaining({ session, lessonName: 'Spinning Export' })]);
    expect(data.attendance).toMatchObject({ attended: 0, noShows: 0, lateCancels: 0, latest: [] });
    expect(data.waits).toEqual([expect.objectContaining({ kind: 'lesson', target: lesson._id.toString() })]);
    expect(data.reviews).toEqual([
      expect.objectContaining({ lessonName: 'Spinning Export', stars: 5, description: 'Muy buena clase' }),
    ]);
    expect(data.contactMessages).toEqual([expect.objectContaining({ message: '¿Abren los domingos?' })]);
    // Nothing of the other person's, nor secrets of the member's own.
    expect(JSON.stringify(data)).not.toContain(other.id);
    expect(JSON.stringify(data)).not.toContain('No es mío');
    expect(JSON.stringify(data)).not.toMatch(/passwordHash|\$2[aby]\$/);

    const theirs = (await request(app).get('/api/users/export').set(bearer(other)).expect(200)).body;
    expect(theirs).toMatchObject({ payments: [], bookings: [], reviews: [], membership: null });
    expect(theirs.contactMessages).toEqual([expect.objectContaining({ message: 'No es mío' })]);
  });

  test('when nobody is signed in, then 401', async () => {
    await request(app).get('/api/users/export').expect(401);
  });

  test('a member bought while their membership ran: the history says what each purchase did', async () => {
    const planId = new Types.ObjectId();
    const member = await createTestUser(config, {
      membership: { planId, name: 'Plus', start: new Date(Date.now() - 10 * DAY), end: new Date(Date.now() + 5 * DAY) },
    });
    await request(app).post('/api/payments/create_checkout').set(bearer(member)).send({ name: 'Plus' });
    const started = await request(app).post('/api/payments/create_checkout').set(bearer(member)).send({ name: 'Plus' });
    const sessionId = String(started.body.redirect_url).split('/').pop();
    await request(app).post(`/api/payments/demo/${sessionId}/confirm`).set(bearer(member)).expect(200);
    const data = (await request(app).get('/api/users/export').set(bearer(member)).expect(200)).body;
    // The stored plan has another id than the test's membership: the purchase is another plan.
    expect(data.membershipHistory.map((h: { kind: string; plan: string }) => [h.kind, h.plan])).toEqual([
      ['change', 'Plus'],
    ]);
  });

  test('reviews and messages written before their owners were listed are found once migration 007 has run', async () => {
    const member = await createTestUser(config, { fullName: 'Antes Listas' });
    const lesson = await LessonModel.create(lessonFields('Yoga Antiguo', { isAvailable: true }));
    const at = new Date('2025-01-10T10:00:00.000Z');
    // Written straight into the collections, as before the lists existed.
    await LessonReviewsModel.create({
      _id: lesson._id,
      reviews: [
        {
          user: new Types.ObjectId(member.id),
          userName: 'Antes Listas',
          stars: 3,
          description: 'Bien',
          createdAt: at,
          updatedAt: at,
        },
      ],
    });
    await ContactModel.create({ name: 'Antes', subject: 'Hola', email: member.email, message: 'Mensaje antiguo' });
    await IdentityModel.create({ _id: 'google:antes-123', provider: 'google', subject: 'antes-123', user: member.id });
    const before = (await request(app).get('/api/users/export').set(bearer(member)).expect(200)).body;
    expect([before.reviews, before.contactMessages, before.account.google]).toEqual([[], [], false]);

    const silent = { info: () => undefined, warn: () => undefined };
    await ownedLists.up(mongoose.connection.db as never, silent);
    await ownedLists.up(mongoose.connection.db as never, silent);
    const after = (await request(app).get('/api/users/export').set(bearer(member)).expect(200)).body;
    expect(after.reviews).toEqual([
      expect.objectContaining({ lessonName: 'Yoga Antiguo', stars: 3, description: 'Bien' }),
    ]);
    expect(after.contactMessages).toEqual([expect.objectContaining({ message: 'Mensaje antiguo' })]);
    expect(after.account.google).toBe(true);
  });
});
