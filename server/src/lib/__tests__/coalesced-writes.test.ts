import { coalescedWrites } from '../coalesced-writes';

describe('coalescedWrites', () => {
  test('when changes arrive while a write runs, then they are written together by the next one, each resolving once written', async () => {
    const batches: [string, number][][] = [];
    let release: () => void = () => undefined;
    const write = coalescedWrites<number>(async (batch) => {
      batches.push([...batch]);
      if (batches.length === 1) await new Promise<void>((resolve) => (release = resolve));
    });
    const first = write('a', 1);
    const later = [write('b', 2), write('c', 3), write('b', 4)];
    await Promise.resolve();
    expect(batches).toEqual([[['a', 1]]]);
    release();
    await first;
    await Promise.all(later);
    // 'b' queued twice before its write keeps the newer change.
    expect(batches).toEqual([
      [['a', 1]],
      [
        ['b', 4],
        ['c', 3],
      ],
    ]);
  });

  test('when a key is queued twice, then `keep` decides which change stays', async () => {
    const batches: [string, number][][] = [];
    let release: () => void = () => undefined;
    const write = coalescedWrites<number>(
      async (batch) => {
        batches.push([...batch]);
        if (batches.length === 1) await new Promise<void>((resolve) => (release = resolve));
      },
      (queued, next) => Math.max(queued, next),
    );
    const first = write('x', 0);
    const later = [write('v', 5), write('v', 3)];
    release();
    await Promise.all([first, ...later]);
    expect(batches[1]).toEqual([['v', 5]]);
  });

  test('when a write fails, then the changes it carried fail and the next ones are written', async () => {
    let calls = 0;
    const write = coalescedWrites<number>(async () => {
      calls += 1;
      if (calls === 1) throw new Error('caído');
    });
    await expect(write('a', 1)).rejects.toThrow('caído');
    await expect(write('a', 2)).resolves.toBeUndefined();
    expect(calls).toBe(2);
  });
});
