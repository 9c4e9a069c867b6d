import { addDays, emptySessionState, sessionIdOf, sessionTimes, WEEKDAYS, weekdayOf } from '@pulso/shared';
import { today } from '../clock';
import { seedData, toStoredSession, type LessonRec } from '../db';
import { pinnedAfterChange } from '../handlers/bookings';

describe("mock: a class's schedule changes (the server's scheduleChanged)", () => {
  test('when a session has a single-date booking, then it keeps its date and hours; one held only by standing members follows', () => {
    const now = new Date();
    const data = seedData('/demo-images/', now);
    const lesson = data.lessons.find((l) => l.name === 'Pilates') as LessonRec;
    const dates = [1, 2, 3, 4, 5, 6, 7]
      .map((n) => addDays(today(now), n))
      .filter((d) => lesson.scheduleDays.includes(weekdayOf(d)));
    const [booked, standingOnly] = dates as [string, string];
    const outsider = data.users.find((u) => !u.lessons.includes(lesson.id)) ?? data.users[0];
    const holder = data.users.find((u) => u.id !== outsider?.id && !u.lessons.includes(lesson.id));
    const session = (members: string[]) => {
      const state = emptySessionState();
      state.confirmed = members.map((member, i) => ({
        member,
        seat: i + 1,
        at: now,
        promoted: false,
        checkedIn: null,
      }));
      return toStoredSession(state);
    };
    data.sessions[sessionIdOf(lesson.id, booked)] = session([outsider?.id ?? '']);
    if (holder) {
      holder.lessons.push(lesson.id);
      data.sessions[sessionIdOf(lesson.id, standingOnly)] = session([holder.id]);
    }

    // Every other day, an hour later.
    const after: LessonRec = {
      ...lesson,
      scheduleDays: WEEKDAYS.filter((d) => !lesson.scheduleDays.includes(d)),
      scheduleHourStart: '21:00',
      scheduleHourFinish: '22:00',
    };
    const pins = pinnedAfterChange(data, lesson, after, now);
    expect(pins).toEqual([{ date: booked, ...sessionTimes(lesson, booked) }]);
    // The pinned session keeps its hours under the new schedule.
    expect(sessionTimes({ ...after, pinnedSessions: pins }, booked)).toEqual(sessionTimes(lesson, booked));
  });
});
