import { KeyedLock } from '../keyed-lock';

describe('KeyedLock', () => {
  test('when tasks share a key, then they run one at a time in arrival order; other keys run alongside', async () => {
    const lock = new KeyedLock();
    const events: string[] = [];
    const task = (name: string, ms: number) => async () => {
      events.push(`${name} start`);
      await new Promise((resolve) => setTimeout(resolve, ms));
      events.push(`${name} end`);
      return name;
    };
    const results = await Promise.all([
      lock.run('a', task('a1', 20)),
      lock.run('a', task('a2', 1)),
      lock.run('b', task('b1', 5)),
    ]);
    expect(results).toEqual(['a1', 'a2', 'b1']);
    expect(events.indexOf('a1 end')).toBeLessThan(events.indexOf('a2 start'));
    expect(events.indexOf('b1 start')).toBeLessThan(events.indexOf('a1 end'));
    expect(lock.size).toBe(0);
  });

  test('when a task fails, then the next one with its key still runs', async () => {
    const lock = new KeyedLock();
    await expect(lock.run('k', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(lock.run('k', async () => 'next')).resolves.toBe('next');
    expect(lock.size).toBe(0);
  });

  test('when tasks queue behind a running one, then waiting counts them, key by key, down to none', async () => {
    const lock = new KeyedLock();
    const seen: number[] = [];
    const runs = [1, 2, 3].map(() =>
      lock.run('k', async () => {
        seen.push(lock.waiting('k'));
        await new Promise((resolve) => setTimeout(resolve, 1));
      }),
    );
    expect(lock.waiting('k')).toBe(2);
    expect(lock.waiting('other')).toBe(0);
    await Promise.all(runs);
    expect(seen).toEqual([2, 1, 0]);
    expect(lock.waiting('k')).toBe(0);
  });
});
