import { DEMO_BOOKINGS } from '@pulso/shared';
import { seedData } from '../db';

describe('mock: the demo chain has bookings, as the server seeds them', () => {
  test('when the demo is made, then one session is booked by several members, one is full with its waitlist, and one past session has attendance and a no-show', () => {
    const now = new Date();
    const data = seedData('/demo-images/', now);
    const idOf = (name: string) => data.lessons.find((l) => l.name === name)?.id ?? '';
    const of = (name: string) => Object.entries(data.sessions).filter(([id]) => id.startsWith(`${idOf(name)}:`));

    const several = of(DEMO_BOOKINGS.several.lesson).map(([, s]) => s);
    expect(several.map((s) => [s.confirmed.length, s.waitlist.length])).toContainEqual([
      DEMO_BOOKINGS.several.count,
      0,
    ]);
    const full = of(DEMO_BOOKINGS.full.lesson)
      .map(([, s]) => s)
      .find((s) => s.capacity === DEMO_BOOKINGS.full.capacity);
    expect(full?.confirmed).toHaveLength(DEMO_BOOKINGS.full.capacity);
    expect(full?.waitlist).toHaveLength(DEMO_BOOKINGS.members.length - DEMO_BOOKINGS.full.capacity);

    const closed = Object.entries(data.sessions).filter(([, s]) => s.closedAt);
    expect(closed).toHaveLength(1);
    const [id, past] = closed[0] as [string, (typeof closed)[0][1]];
    expect(past.confirmed.map((p) => p.checkedIn !== null)).toEqual([true, true, false]);
    const kinds = past.confirmed.map((p) => data.attendance?.[p.member]?.find((e) => e.session === id)?.kind);
    expect(kinds).toEqual(['attended', 'attended', 'no-show']);
  });
});
