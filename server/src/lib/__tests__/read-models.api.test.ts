import mongoose, { Types } from 'mongoose';
import type { LessonListItemDto } from '@pulso/shared';
import { resetReadModels, useTestDatabase } from '../../test/db';
import { branchFields, createTestUser, lessonFields } from '../../test/fixtures';
import { BranchModel } from '../../modules/branches/branches.model';
import { LessonModel } from '../../modules/lessons/lessons.model';
import { LESSON_LISTS, refreshLesson } from '../../modules/lessons/lessons.views';
import { loadModelValue, patchModel } from '../read-models';
import { locksReleased, withDocumentLock } from '../document-lock';
import { loadConfig } from '../../config/env';
import { warnWithoutIdIndex } from '../../startup';
import { queriesDuring } from '../../test/point-queries';

const collection = () => {
  const db = mongoose.connection.db;
  if (!db) throw new Error('not connected');
  return db.collection<{ _id: string; n: number; seen: number[] }>('lock_counters');
};

describe('document locks and read models on the embedded engine', () => {
  useTestDatabase();
  const config = loadConfig({ ...process.env, NODE_ENV: 'test' });

  beforeEach(async () => {
    await resetReadModels();
  });

  test('when 30 writers read, change and write one document under its lock at once, then no change is lost', async () => {
    // Without the lock FerretDB lets concurrent compare-and-set updates of one version all succeed.
    await collection().insertOne({ _id: 'counter', n: 0, seen: [] });
    await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        withDocumentLock('test:counter', async () => {
          const doc = await collection().findOne({ _id: 'counter' });
          await new Promise((resolve) => setTimeout(resolve, 1));
          await collection().updateOne(
            { _id: 'counter' },
            { $set: { n: (doc?.n ?? 0) + 1, seen: [...(doc?.seen ?? []), i] } },
          );
        }),
      ),
    );
    const doc = await collection().findOne({ _id: 'counter' });
    expect(doc?.n).toBe(30);
    expect([...(doc?.seen ?? [])].sort((a, b) => a - b)).toEqual(Array.from({ length: 30 }, (_, i) => i));
    // Every lock was released (deleted once each holder's work had ended).
    await locksReleased();
    expect(await mongoose.connection.db?.collection('document_locks').countDocuments({})).toBe(0);
  });

  /** The lock documents inserted and deleted while `run` ran (statements, not commands). */
  async function lockWritesDuring(run: () => Promise<unknown>): Promise<{ inserted: number; deleted: number }> {
    const counted = { inserted: 0, deleted: 0 };
    const client = mongoose.connection.getClient();
    const listen = (event: { commandName: string; command: Record<string, unknown> }) => {
      if (event.command[event.commandName] !== 'document_locks') return;
      if (event.commandName === 'insert') counted.inserted += (event.command.documents as unknown[]).length;
      if (event.commandName === 'delete') counted.deleted += (event.command.deletes as unknown[]).length;
    };
    client.on('commandStarted', listen);
    try {
      await run();
      await locksReleased();
    } finally {
      client.off('commandStarted', listen);
    }
    return counted;
  }

  test('when callers of this process queue for one lock, then it is taken once and handed from one to the next, and they share its hold', async () => {
    const holds = new Set<unknown>();
    const order: number[] = [];
    const writes = await lockWritesDuring(() =>
      Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          withDocumentLock('test:handoff', async ({ hold }) => {
            holds.add(hold);
            hold.count = ((hold.count as number | undefined) ?? 0) + 1;
            order.push(i);
            await new Promise((resolve) => setTimeout(resolve, 2));
          }),
        ),
      ),
    );
    expect(order).toEqual(Array.from({ length: 20 }, (_, i) => i));
    expect(writes).toEqual({ inserted: 1, deleted: 1 });
    expect(holds.size).toBe(1);
    expect([...holds][0]).toMatchObject({ count: 20 });
    expect(await mongoose.connection.db?.collection('document_locks').countDocuments({})).toBe(0);
  });

  test('when a hold has gone from caller to caller for a second, then it is released and taken again (other servers get their turn)', async () => {
    const holds = new Set<unknown>();
    const writes = await lockWritesDuring(() =>
      Promise.all(
        Array.from({ length: 8 }, () =>
          withDocumentLock('test:long-hold', async ({ hold }) => {
            holds.add(hold);
            await new Promise((resolve) => setTimeout(resolve, 200));
          }),
        ),
      ),
    );
    // 8 × 200 ms: the first hold ends after its caller that passed 1 s, the rest take a new one.
    expect(writes).toEqual({ inserted: 2, deleted: 2 });
    expect(holds.size).toBe(2);
  });

  test('when a caller asks as soon as the last one is answered, then the hold goes on; when it asks later, then the lock was released', async () => {
    const writes = await lockWritesDuring(async () => {
      for (let i = 0; i < 3; i++) await withDocumentLock('test:one-by-one', async () => undefined);
    });
    expect(writes).toEqual({ inserted: 1, deleted: 1 });
    const apart = await lockWritesDuring(async () => {
      for (let i = 0; i < 3; i++) {
        await withDocumentLock('test:one-by-one', async () => undefined);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    });
    expect(apart).toEqual({ inserted: 3, deleted: 3 });
  });

  test('when a holder died, then its lock is taken over once it expires', async () => {
    await mongoose.connection.db
      ?.collection('document_locks')
      .insertOne({ _id: 'test:dead' as never, holder: 'gone', expiresAt: new Date(Date.now() + 150) });
    const began = Date.now();
    expect(await withDocumentLock('test:dead', async () => 'ran')).toBe('ran');
    expect(Date.now() - began).toBeGreaterThanOrEqual(100);
  });

  test('when many classes change at the same moment, then both stored lists show every change', async () => {
    const trainer = await createTestUser(config, { isMonitor: true, fullName: 'Entrenadora Lista' });
    const branch = await BranchModel.create(branchFields('Sede Listas', 'Calle 2'));
    const lessons = await LessonModel.insertMany(
      Array.from({ length: 12 }, (_, i) => ({
        ...lessonFields(`Lista ${String.fromCharCode(97 + i)}`),
        monitor: new Types.ObjectId(trainer.id),
        office: branch._id,
      })),
    );
    // The lists exist (built once), then every class changes and refreshes at the same moment.
    await patchModel<LessonListItemDto[]>(LESSON_LISTS.all, () => []);
    await patchModel<LessonListItemDto[]>(LESSON_LISTS.available, () => []);
    await Promise.all(
      lessons.map(async (lesson, i) => {
        await LessonModel.updateOne({ _id: lesson._id }, { $set: { averageStars: 1 + (i % 5), reviewCount: i } });
        await refreshLesson(lesson._id);
      }),
    );
    for (const key of [LESSON_LISTS.all, LESSON_LISTS.available]) {
      const list = (await loadModelValue<LessonListItemDto[]>(key)) ?? [];
      expect(list.map((l) => [l.name, l.averageStars])).toEqual(
        lessons.map((l, i) => [l.name, 1 + (i % 5)]).sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
      );
    }
  });

  test("when a change leaves a class's list entry as it was, then the lists are not rewritten; when it moves the shown rating, they are", async () => {
    const trainer = await createTestUser(config, { isMonitor: true, fullName: 'Entrenador Media' });
    const branch = await BranchModel.create({
      name: 'Sede Media',
      location: 'Calle 3',
      scheduleDays: ['Lunes'],
      scheduleHourStart: '6:00',
      scheduleHourFinish: '23:00',
    });
    const lesson = await LessonModel.create({
      ...lessonFields('Media'),
      monitor: new Types.ObjectId(trainer.id),
      office: branch._id,
      averageStars: 4.2,
      reviewCount: 40,
    });
    await patchModel<LessonListItemDto[]>(LESSON_LISTS.all, () => []);
    await patchModel<LessonListItemDto[]>(LESSON_LISTS.available, () => []);
    await refreshLesson(lesson._id);
    const listWrites = async (change: Record<string, unknown>) => {
      await LessonModel.updateOne({ _id: lesson._id }, { $set: change });
      const sent = await queriesDuring(() => refreshLesson(lesson._id));
      return sent.filter((q) => q.command === 'update' && String(q.filter._id).startsWith('lessons:')).length;
    };
    // One more review: the count moves, the average shown (4.2) does not.
    expect(await listWrites({ reviewCount: 41 })).toBe(0);
    expect(await listWrites({ averageStars: 4.3, reviewCount: 42 })).toBe(2);
    for (const key of [LESSON_LISTS.all, LESSON_LISTS.available]) {
      const list = (await loadModelValue<LessonListItemDto[]>(key)) ?? [];
      expect(list.map((l) => [l.name, l.averageStars])).toEqual([['Media', 4.3]]);
    }
  });

  test('when the engine serves a point read, then start-up has nothing to warn about; a scanning engine is named', async () => {
    const warnings: string[] = [];
    const logger = { warn: (line: string) => void warnings.push(line) };
    const db = mongoose.connection.db as mongoose.mongo.Db;
    expect(['index', 'not-ferretdb']).toContain(await warnWithoutIdIndex(db, logger));
    expect(warnings).toEqual([]);
    const scanning = {
      command: async () => ({ filterPushdown: true, queryPlanner: { Plan: ['SCAN read_models_1'] } }),
    } as unknown as mongoose.mongo.Db;
    expect(await warnWithoutIdIndex(scanning, logger)).toBe('scan');
    expect(warnings).toEqual([expect.stringContaining('without its index')]);
  });
});
