import type { RequestListener } from 'node:http';
import request from 'supertest';
import mongoose, { Types } from 'mongoose';
import { addDays, sessionIdOf, WEEKDAYS } from '@pulso/shared';
import type { Config } from '../../../config/env';
import type { AppContext } from '../../../lib/context';
import { gymDate } from '../../../lib/gym-time';
import { useTestDatabase } from '../../../test/db';
import { createTestApp } from '../../../test/app';
import { bearer, createTestUser, lessonFields } from '../../../test/fixtures';
import { startSmtp, until } from '../../../test/smtp';
import { LessonModel } from '../../lessons/lessons.model';
import { BOOKING_NOTICES, sendPendingNotices } from '../bookings.notices';

const DAY = 86_400_000;
const quiet = { warn: () => undefined };

describe('booking e-mails (a place from the waitlist)', () => {
  useTestDatabase();
  const mail = startSmtp();
  let app: RequestListener;
  let config: Config;
  let ctx: AppContext;

  beforeAll(async () => {
    ({ app, config, ctx } = createTestApp({
      SMTP_URL: await mail.listen(),
      PUBLIC_URL: 'https://gym.example',
      GYM_TIME_ZONE: 'UTC',
    }));
  });
  afterAll(() => mail.close());

  const member = (fullName: string) =>
    createTestUser(config, {
      fullName,
      membership: {
        planId: new Types.ObjectId(),
        name: 'Plus',
        start: new Date(Date.now() - DAY),
        end: new Date(Date.now() + 30 * DAY),
      },
    });

  test('when a member cancels and the first waiting member takes the place, then that member is e-mailed once', async () => {
    const lesson = await LessonModel.create(
      lessonFields('Spinning', {
        capacity: 1,
        scheduleDays: [...WEEKDAYS],
        scheduleHourStart: '23:00',
        scheduleHourFinish: '23:30',
      }),
    );
    const id = sessionIdOf(lesson._id.toString(), addDays(gymDate(new Date(), 'UTC'), 2));
    const [ana, bea] = [await member('Ana Torres'), await member('Bea Ruiz')];
    await request(app).post(`/api/sessions/${id}/booking`).set(bearer(ana)).expect(200);
    await request(app).post(`/api/sessions/${id}/booking`).set(bearer(bea)).expect(200);

    await request(app).delete(`/api/sessions/${id}/booking`).set(bearer(ana)).expect(200);
    await until(() => mail.received.some((m) => m.to.includes(bea.email)));
    const sent = mail.received.filter((m) => m.to.includes(bea.email));
    expect(sent).toHaveLength(1);
    const raw = (sent[0]?.raw ?? '').replace(/=\r\n/g, '');
    expect(raw).toContain('Subject: Pulso: tienes lugar en Spinning');
    expect(raw).toContain('Hola Bea Ruiz,');
    expect(raw).toContain('https://gym.example/clases/Spinning');
    expect(mail.received.some((m) => m.to.includes(ana.email))).toBe(false);

    // The job finds nothing left to send, even run by several servers at once.
    await Promise.all([sendPendingNotices(ctx, quiet), sendPendingNotices(ctx, quiet)]);
    expect(mail.received.filter((m) => m.to.includes(bea.email))).toHaveLength(1);
  });

  test('when the gym cancels a session, then everyone booked or waiting is e-mailed the reason', async () => {
    const lesson = await LessonModel.create(
      lessonFields('Yoga', {
        capacity: 1,
        scheduleDays: [...WEEKDAYS],
        scheduleHourStart: '23:00',
        scheduleHourFinish: '23:30',
      }),
    );
    const id = sessionIdOf(lesson._id.toString(), addDays(gymDate(new Date(), 'UTC'), 3));
    const admin = await createTestUser(config, { isAdmin: true });
    const [ana, bea] = [await member('Ana Torres'), await member('Bea Ruiz')];
    await request(app).post(`/api/sessions/${id}/booking`).set(bearer(ana)).expect(200);
    await request(app).post(`/api/sessions/${id}/booking`).set(bearer(bea)).expect(200);
    await request(app)
      .post(`/api/sessions/${id}/cancel`)
      .set(bearer(admin))
      .send({ reason: 'Corte de luz' })
      .expect(200);
    await until(() => [ana, bea].every((p) => mail.received.some((m) => m.to.includes(p.email))));
    for (const person of [ana, bea]) {
      const sent = mail.received.filter((m) => m.to.includes(person.email));
      expect(sent).toHaveLength(1);
      expect((sent[0]?.raw ?? '').replace(/=\r\n/g, '')).toContain('Motivo: Corte de luz');
    }
  });

  test('when a message could not be sent at once, then the job sends it once, however many servers run it', async () => {
    const bea = await member('Bea Ruiz');
    const before = mail.received.length;
    await mongoose.connection.collection(BOOKING_NOTICES).insertOne({
      _id: `pending-${new Types.ObjectId().toString()}` as never,
      session: 'x',
      member: new Types.ObjectId(bea.id),
      kind: 'session-cancelled',
      lessonName: 'Yoga',
      start: '2030-01-07T18:00',
      status: 'pending',
      attempts: 0,
      lastError: '',
      createdAt: new Date(),
      sentAt: null,
    });
    const counts = await Promise.all([1, 2, 3].map(() => sendPendingNotices(ctx, quiet)));
    expect(counts.reduce((a, b) => a + b, 0)).toBe(1);
    const mine = mail.received.slice(before).filter((m) => m.to.includes(bea.email));
    expect(mine).toHaveLength(1);
    const raw = (mine[0]?.raw ?? '').replace(/=\r\n/g, '');
    expect(raw).toContain('La sesi');
    expect(raw).toContain('Yoga el lunes 7 de enero a las 18:00 fue cancelada por el gimnasio');
  });
});
