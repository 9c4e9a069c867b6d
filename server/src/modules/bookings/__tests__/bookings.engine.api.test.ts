import mongoose, { Types } from 'mongoose';
import { useTestDatabase } from '../../../test/db';
import { changeSession, handleBatch, type SessionFrame, type SessionRequest } from '../bookings.engine';
import { PlaceKeyModel, SessionModel, waitlistOf, type SessionDoc } from '../bookings.model';

const HOUR = 3_600_000;

let sessionCount = 0;

/** A session of its own for each test, its late-cancel limit in an hour unless said. */
function frameOf(classCapacity: number, lateFrom = new Date(Date.now() + HOUR)): SessionFrame {
  sessionCount += 1;
  const lesson = new Types.ObjectId();
  const date = `2030-01-${String(sessionCount).padStart(2, '0')}`;
  return {
    id: `${lesson.toString()}:${date}`,
    lesson,
    lessonName: 'Spinning',
    date,
    start: `${date}T18:00`,
    end: `${date}T19:00`,
    classCapacity,
    lateFrom,
  };
}

const members = (n: number) => Array.from({ length: n }, () => new Types.ObjectId().toString());
const stored = async (id: string) => (await SessionModel.findById(id).lean()) as SessionDoc;
const placeKeys = (id: string) =>
  mongoose.connection
    .collection(PlaceKeyModel.collection.collectionName)
    .find({ _id: { $regex: `^${id}#` } } as never)
    .toArray();
const ids = (list: { member: Types.ObjectId | string }[]) => list.map((e) => e.member.toString());

describe('bookings on the embedded engine (changeSession)', () => {
  useTestDatabase();

  test('when 50 members book the last 3 places at once, then exactly 3 are confirmed and 47 wait in the order they came', async () => {
    const frame = frameOf(3);
    const people = members(50);
    const outcomes = (await Promise.all(people.map((member) => changeSession(frame, { op: 'book', member })))).map(
      (r) => r.outcome,
    );

    expect(outcomes.filter((o) => o.result === 'confirmed')).toHaveLength(3);
    expect(outcomes.slice(3).map((o) => (o.result === 'waitlisted' ? o.position : 0))).toEqual(
      Array.from({ length: 47 }, (_, i) => i + 1),
    );
    const doc = await stored(frame.id);
    expect(ids(doc.confirmed)).toEqual(people.slice(0, 3).map(String));
    expect(ids(waitlistOf(doc.waitlist))).toEqual(people.slice(3).map(String));
    expect((await placeKeys(frame.id)).map((k) => String(k.member)).sort()).toEqual(
      people.slice(0, 3).map(String).sort(),
    );
  });

  test('when a session stored with the older waitlist (an array) is booked again, then its waitlist is read in order and stored as one string', async () => {
    const frame = frameOf(1);
    const [holder, first, second, next] = members(4) as [string, string, string, string];
    await changeSession(frame, { op: 'book', member: holder });
    const at = new Date(Date.now() - 60_000);
    await mongoose.connection.collection(SessionModel.collection.collectionName).updateOne(
      { _id: frame.id as never },
      {
        $set: {
          waitlist: [first, second].map((m, i) => ({ member: new Types.ObjectId(m), at: new Date(at.getTime() + i) })),
        },
      },
    );
    const { outcome } = await changeSession(frame, { op: 'book', member: next });
    expect(outcome).toEqual({ result: 'waitlisted', position: 3, already: false });
    const doc = await stored(frame.id);
    expect(typeof doc.waitlist).toBe('string');
    expect(ids(waitlistOf(doc.waitlist))).toEqual([first, second, next]);
    expect(waitlistOf(doc.waitlist)[0]?.at).toEqual(at);
  });

  test('when members cancel while others book, then each freed place goes once, to the first waiting, and the waitlist keeps its order', async () => {
    const frame = frameOf(2);
    const people = members(8);
    for (const member of people) await changeSession(frame, { op: 'book', member });
    const [a, b] = people;
    const late = members(3);
    await Promise.all([
      changeSession(frame, { op: 'cancel', member: a as string }),
      ...late.map((member) => changeSession(frame, { op: 'book', member })),
      changeSession(frame, { op: 'cancel', member: b as string }),
    ]);
    const doc = await stored(frame.id);
    expect(ids(doc.confirmed)).toEqual(people.slice(2, 4).map(String));
    expect(ids(waitlistOf(doc.waitlist))).toEqual([...people.slice(4), ...late].map(String));
    expect(doc.notices.filter((n) => n.kind === 'promoted')).toHaveLength(2);
    expect(await placeKeys(frame.id)).toHaveLength(2);
  });

  test('when two processes write a session at once (their locks overlapped), then the seat keys still never give more places than the capacity', async () => {
    const frame = frameOf(3);
    const people = members(20);
    const results = await Promise.allSettled(
      people.map((member) => handleBatch(frame, [{ op: 'book', member } as SessionRequest], new Date())),
    );
    const keys = await placeKeys(frame.id);
    expect(keys.length).toBeLessThanOrEqual(3);
    expect(new Set(keys.map((k) => String(k.member))).size).toBe(keys.length);
    // Writers whose state went stale retry, and give up after a few lost races.
    expect(results.some((r) => r.status === 'fulfilled' && r.value.outcomes[0]?.result === 'confirmed')).toBe(true);
    const doc = await stored(frame.id);
    expect(doc.confirmed.length).toBeLessThanOrEqual(3);
  });
});
