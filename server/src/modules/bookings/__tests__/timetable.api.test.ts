import { Types } from 'mongoose';
import request from 'supertest';
import { addDays, MESSAGES, sessionIdOf, WEEKDAYS, weekdayOf } from '@pulso/shared';
import { gymDate } from '../../../lib/gym-time';
import { createTestApp } from '../../../test/app';
import { resetReadModels, useTestDatabase } from '../../../test/db';
import { bearer, createTestUser, lessonFields } from '../../../test/fixtures';
import { expectMatchesOpenApi } from '../../../test/openapi';
import { BranchModel } from '../../branches/branches.model';
import { LessonModel } from '../../lessons/lessons.model';

const DAY = 86_400_000;
const hours = { scheduleDays: ['Lunes'], scheduleHourStart: '06:00', scheduleHourFinish: '23:00' };

describe("GET /api/sessions/branch/:branchId: a sede's timetable", () => {
  useTestDatabase();
  const { app, config } = createTestApp({ GYM_TIME_ZONE: 'UTC', BOOKING_OPENS_DAYS: '7' });

  test('when a visitor opens a sede, then its classes of the 7 days from today come by day and hour with their places, and no other sede’s', async () => {
    const centro = await BranchModel.create({ name: 'Sede Centro', location: 'Calle 1', ...hours });
    const norte = await BranchModel.create({ name: 'Sede Norte', location: 'Calle 2', ...hours });
    const today = gymDate(new Date(), 'UTC');
    const tomorrow = addDays(today, 1);
    const spinning = await LessonModel.create(
      lessonFields('Spinning Centro', {
        office: centro._id,
        capacity: 2,
        isAvailable: true,
        scheduleDays: [...WEEKDAYS],
        scheduleHourStart: '23:00',
        scheduleHourFinish: '23:45',
      }),
    );
    await LessonModel.create(
      lessonFields('Yoga Centro', {
        office: centro._id,
        isAvailable: true,
        scheduleDays: [weekdayOf(tomorrow)],
        scheduleHourStart: '23:00',
        scheduleHourFinish: '23:50',
      }),
    );
    await LessonModel.create(
      lessonFields('Pilates Norte', { office: norte._id, isAvailable: true, scheduleDays: [...WEEKDAYS] }),
    );
    await LessonModel.create(
      lessonFields('Boxeo Oculto', { office: centro._id, isAvailable: false, scheduleDays: [...WEEKDAYS] }),
    );
    // The classes were written behind the API's back: the stored class lists are made again.
    await resetReadModels();

    // Tomorrow's Spinning: one of its two places taken.
    const member = await createTestUser(config, {
      membership: {
        planId: new Types.ObjectId(),
        name: 'Plus',
        start: new Date(Date.now() - DAY),
        end: new Date(Date.now() + 30 * DAY),
      },
    });
    const booked = sessionIdOf(spinning._id.toString(), tomorrow);
    await request(app).post(`/api/sessions/${booked}/booking`).set(bearer(member)).expect(200);

    const res = await request(app).get(`/api/sessions/branch/${centro._id.toString()}`).expect(200);
    expectMatchesOpenApi('GET', '/sessions/branch/{branchId}', res);
    expect(res.body.branchName).toBe('Sede Centro');
    expect(res.body.dates).toEqual(Array.from({ length: 7 }, (_, i) => addDays(today, i)));
    const slots = res.body.slots as {
      lessonName: string;
      date: string;
      id: string;
      seatsLeft: number;
      start: string;
    }[];
    expect([...new Set(slots.map((s) => s.lessonName))].sort()).toEqual(['Spinning Centro', 'Yoga Centro']);
    expect(slots.filter((s) => s.lessonName === 'Spinning Centro')).toHaveLength(7);
    expect(slots.filter((s) => s.lessonName === 'Yoga Centro').map((s) => s.date)).toEqual([tomorrow]);
    expect(slots.find((s) => s.id === booked)).toMatchObject({
      seatsLeft: 1,
      capacity: 2,
      started: false,
      cancelled: false,
    });
    // In order of start.
    expect(slots.map((s) => s.start)).toEqual([...slots.map((s) => s.start)].sort());
  });

  test('when the sede does not exist or the id is not one, then 404 and 400', async () => {
    const missing = await request(app).get(`/api/sessions/branch/${new Types.ObjectId().toString()}`).expect(404);
    expect(missing.body.message).toBe(MESSAGES.branches.notFound);
    await request(app).get('/api/sessions/branch/sede-centro').expect(400);
  });
});
