import mongoose, { Types } from 'mongoose';
import { resetReadModels, useTestDatabase } from '../../../test/db';
import { lessonFields } from '../../../test/fixtures';
import { queriesDuring } from '../../../test/point-queries';
import { LessonModel } from '../../lessons/lessons.model';
import { setRating } from '../../lessons/lessons.service';
import { LessonReviewsModel } from '../reviews.model';
import {
  countReviews,
  findReview,
  migrateLegacyReviews,
  nameUnnamedReviews,
  renameReviewer,
  reviewsForLesson,
  writeReview,
} from '../reviews.service';

function legacy() {
  const db = mongoose.connection.db;
  if (!db) throw new Error('not connected');
  return db.collection('reviews');
}

describe('reviews kept with their class', () => {
  useTestDatabase();

  beforeEach(async () => {
    await resetReadModels();
    await LessonReviewsModel.deleteMany({});
  });

  test('when many members review one class at the same moment, then every review is kept and the rating counts them all', async () => {
    const lesson = new Types.ObjectId();
    const users = Array.from({ length: 12 }, () => new Types.ObjectId());
    const ratings = await Promise.all(users.map((u, i) => writeReview(u, lesson, 1 + (i % 5), `Opinión ${i}`)));
    expect(await countReviews()).toBe(12);
    const doc = await LessonReviewsModel.findById(lesson).lean();
    const expectedSum = users.reduce((sum, _u, i) => sum + 1 + (i % 5), 0);
    const stored = doc?.reviews ?? [];
    expect({ sum: stored.reduce((sum, r) => sum + r.stars, 0), count: stored.length }).toEqual({
      sum: expectedSum,
      count: 12,
    });
    // The rating with the newest version is the complete one.
    const newest = ratings.reduce((a, b) => (a.version > b.version ? a : b));
    expect(newest).toEqual({ average: Math.round((expectedSum / 12) * 10) / 10, count: 12, version: doc?.version });
  });

  test("when a member reviews a class again, then it replaces their review, keeps its date and leaves others' alone", async () => {
    const lesson = new Types.ObjectId();
    const [ana, bruno] = [new Types.ObjectId(), new Types.ObjectId()];
    await writeReview(ana, lesson, 5, 'Excelente');
    await writeReview(bruno, lesson, 2, 'Regular');
    const first = await findReview(ana, lesson);
    const rating = await writeReview(ana, lesson, 3, 'Bien');
    expect(rating).toMatchObject({ average: 2.5, count: 2 });
    expect(await findReview(ana, lesson)).toMatchObject({ stars: 3, description: 'Bien', createdAt: first?.createdAt });
    expect(await findReview(bruno, lesson)).toMatchObject({ stars: 2, description: 'Regular' });
    expect((await reviewsForLesson(lesson)).map((r) => r.stars).sort()).toEqual([2, 3]);
  });

  test('when ratings of one class are copied onto it out of order, then the newest stays', async () => {
    const lesson = await LessonModel.create(lessonFields('Orden'));
    await setRating(lesson._id, { average: 4, count: 2, version: 2 });
    await setRating(lesson._id, { average: 5, count: 1, version: 1 });
    expect(await LessonModel.findById(lesson._id).lean()).toMatchObject({ averageStars: 4, reviewCount: 2 });
  });

  test('when reviews kept one document each are found at start, then they move into their classes once, losing none', async () => {
    const [yoga, box] = [new Types.ObjectId(), new Types.ObjectId()];
    const [ana, bruno] = [new Types.ObjectId(), new Types.ObjectId()];
    const old = new Date('2025-01-01T10:00:00Z');
    const newer = new Date('2025-02-01T10:00:00Z');
    // A half-finished earlier run already moved Ana's Yoga review, with an older text.
    await LessonReviewsModel.create({
      _id: yoga,
      reviews: [{ user: ana, stars: 1, description: 'Vieja', createdAt: old, updatedAt: old }],
      version: 1,
    });
    await legacy().insertMany([
      { user: ana, lesson: yoga, stars: 4, description: 'Nueva', createdAt: old, updatedAt: newer },
      { user: bruno, lesson: yoga, stars: 2, description: '', createdAt: old, updatedAt: old },
      { user: ana, lesson: box, stars: 5, description: 'Top', createdAt: newer, updatedAt: newer },
    ]);

    expect(await migrateLegacyReviews()).toBe(3);
    expect(await countReviews()).toBe(3);
    expect(await findReview(ana, yoga)).toMatchObject({ stars: 4, description: 'Nueva' });
    expect(await findReview(bruno, yoga)).toMatchObject({ stars: 2 });
    expect(await findReview(ana, box)).toMatchObject({ stars: 5, description: 'Top' });
    const yogaReviews = (await LessonReviewsModel.findById(yoga).lean())?.reviews ?? [];
    expect({ sum: yogaReviews.reduce((sum, r) => sum + r.stars, 0), count: yogaReviews.length }).toEqual({
      sum: 6,
      count: 2,
    });
    const collections = await mongoose.connection.db?.listCollections({ name: 'reviews' }).toArray();
    expect(collections).toEqual([]);

    expect(await migrateLegacyReviews()).toBe(0);
    expect(await countReviews()).toBe(3);
  });

  test("when reviews were stored without their author's name, then the migration names them once and a class page reads no account", async () => {
    const lesson = new Types.ObjectId();
    const [ana, bruno] = [{ id: new Types.ObjectId().toString() }, { id: new Types.ObjectId().toString() }];
    await mongoose.connection.db?.collection('users').insertMany([
      { _id: new Types.ObjectId(ana.id), fullName: 'Ana Ruiz' },
      { _id: new Types.ObjectId(bruno.id), fullName: 'Bruno Gil' },
    ]);
    const gone = new Types.ObjectId();
    const at = new Date('2025-03-01T10:00:00Z');
    const entry = (user: Types.ObjectId, stars: number, userName?: string) => ({
      _id: new Types.ObjectId(),
      user,
      stars,
      description: '',
      createdAt: at,
      updatedAt: at,
      ...(userName === undefined ? {} : { userName }),
    });
    // Written by the legacy move, the first two have no name field at all.
    await mongoose.connection.db?.collection('lessonreviews').insertOne({
      _id: lesson,
      reviews: [
        entry(new Types.ObjectId(ana.id), 5),
        entry(gone, 2),
        entry(new Types.ObjectId(bruno.id), 4, 'Bruno Gil'),
      ],
      version: 3,
    });
    const before = await queriesDuring(() => reviewsForLesson(lesson));
    expect(before.filter((q) => q.collection === 'users')).toHaveLength(2);

    expect(await nameUnnamedReviews()).toBe(2);
    const doc = await LessonReviewsModel.findById(lesson).lean();
    expect(doc?.reviews.map((r) => r.userName)).toEqual(['Ana Ruiz', '', 'Bruno Gil']);
    expect(doc?.version).toBe(4);

    const sent = await queriesDuring(() => reviewsForLesson(lesson));
    expect(sent.filter((q) => q.collection === 'users')).toEqual([]);
    expect((await reviewsForLesson(lesson)).map((r) => [r.user, r.stars])).toEqual([
      ['Ana Ruiz', 5],
      ['', 2],
      ['Bruno Gil', 4],
    ]);
    expect(await nameUnnamedReviews()).toBe(0);
  });

  test("when a reviewer changes their name, then every class they reviewed shows the new one, once, and others' reviews stay", async () => {
    const [yoga, box, pilates] = [new Types.ObjectId(), new Types.ObjectId(), new Types.ObjectId()];
    const [ana, bea] = [new Types.ObjectId(), new Types.ObjectId()];
    await writeReview({ id: ana, name: 'Ana Vieja' }, yoga, 5, '');
    await writeReview({ id: bea, name: 'Bea' }, yoga, 3, '');
    await writeReview({ id: ana, name: 'Ana Vieja' }, box, 4, '');
    await writeReview({ id: bea, name: 'Bea' }, pilates, 2, '');

    const changed = await renameReviewer(ana, 'Ana Nueva');
    expect(changed.map(String).sort()).toEqual([yoga, box].map(String).sort());
    expect((await reviewsForLesson(yoga)).map((r) => r.user).sort()).toEqual(['Ana Nueva', 'Bea']);
    expect((await reviewsForLesson(box)).map((r) => r.user)).toEqual(['Ana Nueva']);
    expect((await reviewsForLesson(pilates)).map((r) => r.user)).toEqual(['Bea']);
    expect(await renameReviewer(ana, 'Ana Nueva')).toEqual([]);
  });
});
