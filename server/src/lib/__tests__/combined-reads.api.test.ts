import mongoose from 'mongoose';
import { CombinedReads } from '../combined-reads';
import { readCache } from '../read-cache';
import { useTestDatabase } from '../../test/db';
import { queriesDuring } from '../../test/point-queries';

interface Probe {
  _id: mongoose.Types.ObjectId;
  n: number;
  at: Date;
  secret?: string;
}

const collection = () => mongoose.connection.collection<Probe>('combined_reads_probe');

describe('point reads made at the same moment go as one command', () => {
  useTestDatabase();
  const ids = Array.from({ length: 30 }, () => new mongoose.Types.ObjectId());

  beforeAll(async () => {
    await collection().insertMany(
      ids.map((_id, n) => ({ _id, n, at: new Date(Date.UTC(2026, 0, n + 1)), secret: 'x' })),
    );
  });

  test('when 30 reads, one of a missing id and two of the same id, are made at once, then one find answers each with its own document', async () => {
    const reads = new CombinedReads<Probe>(() => collection() as never, { n: 1, at: 1 });
    const missing = new mongoose.Types.ObjectId();
    let answers: (Probe | null)[] = [];
    const sent = await queriesDuring(async () => {
      answers = await Promise.all([
        ...ids.map((id) => reads.findById(id)),
        reads.findById(missing),
        reads.findById(ids[4] as never),
      ]);
    });
    expect(sent.filter((q) => q.collection === 'combined_reads_probe')).toHaveLength(1);
    expect(answers.slice(0, 30).map((doc) => doc?.n)).toEqual(ids.map((_, n) => n));
    expect(answers[30]).toBeNull();
    // The same document twice: equal, but not the same object (a caller may change its own).
    expect(answers[31]).toEqual(answers[4]);
    expect(answers[31]).not.toBe(answers[4]);
    expect(answers[31]?._id).toBeInstanceOf(mongoose.Types.ObjectId);
    expect(answers[31]?.at).toBeInstanceOf(Date);
    // The projection holds.
    expect(answers[0]).not.toHaveProperty('secret');
  });

  test('when a read is made alone, then it is a plain read by _id', async () => {
    const reads = new CombinedReads<Probe>(() => collection() as never);
    const sent = await queriesDuring(async () => expect((await reads.findById(ids[9] as never))?.n).toBe(9));
    expect(sent.map((q) => q.filter)).toEqual([{ _id: ids[9] }]);
  });

  test('when cached answers read through it at once, then a write to the collection makes each of them stale', async () => {
    readCache.configure({ enabled: true, maxBytes: 1 << 20, maxAgeMs: 60_000 });
    const reads = new CombinedReads<Probe>(() => collection() as never);
    let computed = 0;
    const cachedN = (i: number) =>
      readCache.get(`combined-reads-probe:${i}`, async () => {
        computed++;
        return (await reads.findById(ids[i] as never))?.n;
      });
    expect(await Promise.all([cachedN(1), cachedN(2), cachedN(3)])).toEqual([1, 2, 3]);
    expect(computed).toBe(3);
    await Promise.all([cachedN(1), cachedN(2), cachedN(3)]);
    expect(computed).toBe(3);
    await collection().updateOne({ _id: ids[2] as never }, { $set: { n: 200 } });
    expect(await Promise.all([cachedN(1), cachedN(2), cachedN(3)])).toEqual([1, 200, 3]);
    expect(computed).toBe(6);
  });
});
