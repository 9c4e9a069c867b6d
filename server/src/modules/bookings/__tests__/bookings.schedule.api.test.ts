import request from 'supertest';
import mongoose, { Types } from 'mongoose';
import { addDays, sessionIdOf, WEEKDAYS } from '@pulso/shared';
import { gymDate } from '../../../lib/gym-time';
import { useTestDatabase } from '../../../test/db';
import { createTestApp } from '../../../test/app';
import { bearer, createTestUser, lessonFields } from '../../../test/fixtures';
import { findLessonById } from '../../lessons/lessons.service';
import { LessonModel, type LessonDoc } from '../../lessons/lessons.model';
import { BOOKING_NOTICES } from '../bookings.notices';
import { scheduleChanged } from '../bookings.service';

const DAY = 86_400_000;

describe("a class's schedule changes: booked sessions keep their hours, the people booked are told", () => {
  useTestDatabase();
  const { app, config } = createTestApp({ GYM_TIME_ZONE: 'UTC', BOOKING_OPENS_DAYS: '7' });
  const rules = config.bookings;
  const member = () =>
    createTestUser(config, {
      membership: {
        planId: new Types.ObjectId(),
        name: 'Plus',
        start: new Date(Date.now() - DAY),
        end: new Date(Date.now() + 60 * DAY),
      },
    });

  test('when the hours move, then a booked session keeps its own, the others follow, and the booked and standing members are e-mailed', async () => {
    const lesson = await LessonModel.create(
      lessonFields('Cambio', {
        scheduleDays: [...WEEKDAYS],
        scheduleHourStart: '21:00',
        scheduleHourFinish: '22:00',
        isAvailable: true,
      }),
    );
    const lessonId = lesson._id.toString();
    const today = gymDate(new Date(), 'UTC');
    const booked = sessionIdOf(lessonId, addDays(today, 2));
    const free = sessionIdOf(lessonId, addDays(today, 3));
    const [ana, bea] = [await member(), await member()];
    await request(app).post(`/api/sessions/${booked}/booking`).set(bearer(ana)).expect(200);
    await request(app).put(`/api/users/addlesson/${lessonId}`).set(bearer(bea)).send({}).expect(200);

    const before = await findLessonById(lessonId);
    const after = await LessonModel.findOneAndUpdate(
      { _id: lesson._id },
      { $set: { scheduleHourStart: '7:00', scheduleHourFinish: '8:00' } },
      { new: true },
    ).lean<LessonDoc>();
    const sent: string[] = [];
    await scheduleChanged(before, after as LessonDoc, rules, { send: (ids) => sent.push(...ids) });

    const kept = (await request(app).get(`/api/sessions/${booked}`).set(bearer(ana)).expect(200)).body;
    expect(kept).toMatchObject({
      start: `${addDays(today, 2)}T21:00`,
      end: `${addDays(today, 2)}T22:00`,
      mine: { state: 'confirmed' },
    });
    const moved = (await request(app).get(`/api/sessions/${free}`).expect(200)).body;
    expect(moved).toMatchObject({ start: `${addDays(today, 3)}T07:00`, end: `${addDays(today, 3)}T08:00` });

    const notices = await mongoose.connection.collection(BOOKING_NOTICES).find({ kind: 'schedule-changed' }).toArray();
    const byMember = Object.fromEntries(notices.map((n) => [String(n.member), n]));
    expect(Object.keys(byMember).sort()).toEqual([ana.id, bea.id].sort());
    expect(byMember[ana.id]).toMatchObject({
      start: `${addDays(today, 2)}T21:00`,
      reason: `${WEEKDAYS.join(', ')} de 7:00 a 8:00`,
    });
    expect(byMember[bea.id]).toMatchObject({ start: '' });
    expect(sent).toHaveLength(2);

    // The same schedule saved again tells nobody anything new.
    await scheduleChanged(after as LessonDoc, after as LessonDoc, rules, { send: (ids) => sent.push(...ids) });
    expect(sent).toHaveLength(2);
  });

  test('when a weekday is dropped, then a booked session on it stays, and unbooked ones on it are gone', async () => {
    const lesson = await LessonModel.create(
      lessonFields('Días', {
        scheduleDays: [...WEEKDAYS],
        scheduleHourStart: '20:00',
        scheduleHourFinish: '21:00',
        isAvailable: true,
      }),
    );
    const lessonId = lesson._id.toString();
    const today = gymDate(new Date(), 'UTC');
    const date = addDays(today, 2);
    const weekday = WEEKDAYS[(new Date(`${date}T12:00:00Z`).getUTCDay() + 6) % 7] as string;
    const booked = sessionIdOf(lessonId, date);
    const ana = await member();
    await request(app).post(`/api/sessions/${booked}/booking`).set(bearer(ana)).expect(200);
    const before = await findLessonById(lessonId);
    const after = await LessonModel.findOneAndUpdate(
      { _id: lesson._id },
      { $set: { scheduleDays: WEEKDAYS.filter((d) => d !== weekday) } },
      { new: true },
    ).lean<LessonDoc>();
    await scheduleChanged(before, after as LessonDoc, rules, { send: () => undefined });
    await request(app).get(`/api/sessions/${booked}`).expect(200);
    await request(app)
      .get(`/api/sessions/${sessionIdOf(lessonId, addDays(date, 7))}`)
      .expect(404);
  });
});
