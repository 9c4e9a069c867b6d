import mongoose, { type Types } from 'mongoose';
import { ERROR_CODES, MESSAGES, type LessonReviewDto } from '@pulso/shared';
import { isDuplicateKeyError } from '../../lib/db';
import { HttpError } from '../../lib/http-error';
import { reviewerLessons } from '../../lib/owned-lists';
import { withDocumentLock } from '../../lib/document-lock';
import { findLessonById, lessonSummaries, replaceRating } from '../lessons/lessons.service';
import { allUserNames, userName } from '../users/users.service';
import {
  LEGACY_REVIEWS_COLLECTION,
  LessonReviewsModel,
  type LessonReviewsDoc,
  type ReviewEntry,
} from './reviews.model';

/** The newest reviews a class page shows. */
const SHOWN = 200;
/** Compare-and-set attempts before giving up (each lost race means another review landed). */
const ATTEMPTS = 50;

/**
 * The newest reviews of a class as its page shows them, named by the names stored with them
 * (`knownNames`, or a point read per author, for reviews written before names were stored).
 */
export async function reviewsForLesson(
  lessonId: Types.ObjectId,
  knownNames?: ReadonlyMap<string, string>,
): Promise<LessonReviewDto[]> {
  const doc = await LessonReviewsModel.findById(lessonId, { reviews: 1 }).lean<LessonReviewsDoc>();
  const newest = [...(doc?.reviews ?? [])]
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
    .slice(0, SHOWN);
  const unnamed = [
    ...new Set(
      newest.filter((r) => r.userName == null && !knownNames?.has(r.user.toString())).map((r) => r.user.toString()),
    ),
  ];
  const looked = new Map(
    await Promise.all(
      unnamed.map(async (id) => [id, (await userName(new mongoose.Types.ObjectId(id))) ?? ''] as const),
    ),
  );
  const nameOf = (r: ReviewEntry) =>
    r.userName || knownNames?.get(r.user.toString()) || looked.get(r.user.toString()) || '';
  return newest.map((r) => ({
    id: r._id.toString(),
    user: nameOf(r),
    userId: r.user.toString(),
    stars: r.stars,
    description: r.description ?? '',
    createdAt: r.createdAt.toISOString(),
  }));
}

export interface Rating {
  average: number;
  count: number;
  /** The class's review document version this rating was computed from (newer ratings win). */
  version: number;
}

function ratingOf(reviews: readonly ReviewEntry[], version: number): Rating {
  const sum = reviews.reduce((total, r) => total + r.stars, 0);
  const count = reviews.length;
  return { average: count === 0 ? 0 : Math.round((sum / count) * 10) / 10, count, version };
}

/**
 * Writes the user's review of a class (a second one replaces the first), shows the class's new
 * rating on the class, and returns it.
 */
export async function writeReview(
  author: Types.ObjectId | { id: Types.ObjectId; name: string },
  lessonId: Types.ObjectId,
  stars: number,
  description: string,
): Promise<Rating> {
  const named = 'name' in author ? author : { id: author, name: (await userName(author)) ?? '' };
  // Listed as the member's first: their data export finds every review of theirs by a point read.
  await reviewerLessons.add(named.id.toString(), lessonId.toString());
  return withDocumentLock(reviewsLock(lessonId), async () => {
    const rating = await compareAndSetReview(named, lessonId, stars, description);
    // Still under the lock: the writers of one class's reviews take turns, so the class ends on the
    // rating of the last one, on every server.
    await replaceRating(lessonId, rating);
    return rating;
  });
}

/**
 * One class's reviews document is changed by one writer at a time, across every server: FerretDB
 * applies two compare-and-set updates of one version both, so the version alone does not suffice.
 */
export const reviewsLock = (lessonId: Types.ObjectId) => `reviews:${lessonId.toString()}`;

/**
 * A member rates a class: only with an active membership. A second review of the same class
 * replaces the first; the class's rating follows. Returns the class's new rating.
 */
export async function rateLesson(
  member: { id: string; fullName: string; hasActiveMembership: boolean },
  lessonId: string,
  stars: number,
  description: string,
): Promise<Rating> {
  if (!member.hasActiveMembership) {
    throw new HttpError(403, ERROR_CODES.FORBIDDEN, MESSAGES.lessons.membershipRequired);
  }
  const lesson = await findLessonById(lessonId);
  return writeReview(
    { id: new mongoose.Types.ObjectId(member.id), name: member.fullName },
    lesson._id,
    stars,
    description,
  );
}

async function compareAndSetReview(
  author: { id: Types.ObjectId; name: string },
  lessonId: Types.ObjectId,
  stars: number,
  description: string,
): Promise<Rating> {
  const userId = author.id;
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const now = new Date();
    const current = await LessonReviewsModel.findById(lessonId).lean<LessonReviewsDoc>();
    const reviews: ReviewEntry[] = [...(current?.reviews ?? [])];
    const index = reviews.findIndex((r) => r.user.equals(userId));
    const previous = index >= 0 ? reviews[index] : undefined;
    const entry: ReviewEntry = {
      _id: previous?._id ?? new mongoose.Types.ObjectId(),
      user: userId,
      userName: author.name,
      stars,
      description,
      createdAt: previous?.createdAt ?? now,
      updatedAt: now,
    };
    if (previous) reviews[index] = entry;
    else reviews.push(entry);
    if (!current) {
      try {
        await LessonReviewsModel.create({ _id: lessonId, reviews, version: 1 });
        return ratingOf(reviews, 1);
      } catch (error) {
        // Another first review of this class landed at the same moment: read it and try again.
        if (isDuplicateKeyError(error)) continue;
        throw error;
      }
    }
    // Under the reviews' document lock nobody else writes this document: an update by `_id` alone
    // (the one filter the embedded engine serves from its index) cannot overwrite another review.
    const result = await LessonReviewsModel.updateOne(
      { _id: lessonId },
      { $set: { reviews, version: current.version + 1 } },
    );
    if (result.matchedCount === 1) return ratingOf(reviews, current.version + 1);
  }
  throw new Error(`Too many concurrent reviews of class ${lessonId.toString()}`);
}

/**
 * Copies a reviewer's new name onto their reviews (every class's reviews document is read: the
 * reviewer-names job runs it, never a request). Returns the classes whose reviews changed.
 */
export async function renameReviewer(userId: Types.ObjectId, name: string): Promise<Types.ObjectId[]> {
  const { lessons } = await rewriteReviews(
    (r) => r.user.equals(userId) && r.userName !== name,
    (r) => ({ ...r, userName: name }),
  );
  return lessons;
}

/**
 * Puts `name` on the reviewer's reviews at once, class by class through their list (point reads;
 * a request may do it: an erased account's reviews show 'Socio anónimo' from then on). Returns the
 * classes whose reviews changed.
 */
export async function renameReviewerNow(userId: Types.ObjectId, name: string): Promise<Types.ObjectId[]> {
  const changed: Types.ObjectId[] = [];
  for (const id of await reviewerLessons.ids(userId.toString())) {
    const lessonId = new mongoose.Types.ObjectId(id);
    await withDocumentLock(reviewsLock(lessonId), async () => {
      const current = await LessonReviewsModel.findById(lessonId).lean<LessonReviewsDoc>();
      const needs = (r: ReviewEntry) => r.user.equals(userId) && r.userName !== name;
      if (!current?.reviews.some(needs)) return;
      const reviews = current.reviews.map((r) => (needs(r) ? { ...r, userName: name } : r));
      await LessonReviewsModel.updateOne({ _id: lessonId }, { $set: { reviews, version: current.version + 1 } });
      changed.push(lessonId);
    });
  }
  return changed;
}

/**
 * Changes with `change` every review that `needs` it, class by class: each class's reviews are
 * read whole once (one stream over the collection: the job runner and migrations, never a request)
 * and rewritten under their document lock from what is stored then. `prepare` runs once, before the
 * first change. Returns the classes whose reviews changed and how many reviews did.
 */
async function rewriteReviews(
  needs: (review: ReviewEntry) => boolean,
  change: (review: ReviewEntry) => ReviewEntry,
  prepare?: () => Promise<void>,
): Promise<{ lessons: Types.ObjectId[]; reviews: number }> {
  const lessons: Types.ObjectId[] = [];
  let count = 0;
  let prepared = false;
  const cursor = LessonReviewsModel.find({}, { _id: 1, reviews: 1 })
    .lean<Pick<LessonReviewsDoc, '_id' | 'reviews'>>()
    .cursor();
  for await (const doc of cursor) {
    if (!(doc.reviews ?? []).some(needs)) continue;
    if (!prepared) await prepare?.();
    prepared = true;
    await withDocumentLock(reviewsLock(doc._id), async () => {
      const current = await LessonReviewsModel.findById(doc._id).lean<LessonReviewsDoc>();
      if (!current?.reviews.some(needs)) return;
      const reviews = current.reviews.map((r) => {
        if (!needs(r)) return r;
        count++;
        return change(r);
      });
      await LessonReviewsModel.updateOne({ _id: doc._id }, { $set: { reviews, version: current.version + 1 } });
      lessons.push(doc._id);
    });
  }
  return { lessons, reviews: count };
}

/**
 * Stores its author's name on every review that has none (reviews written before names were stored
 * with them, or moved by migration 001): a class page then names its reviewers without a read of
 * each author's account. An author whose account is gone is stored as '' (no name). The names are
 * read once, all accounts in one pass; each class's reviews are rewritten under their document lock.
 * Returns how many reviews got a name; none once done (migration 004).
 */
export async function nameUnnamedReviews(): Promise<number> {
  let names = new Map<string, string>();
  const { reviews } = await rewriteReviews(
    (r) => r.userName == null,
    (r) => ({ ...r, userName: names.get(r.user.toString()) ?? '' }),
    async () => {
      names = await allUserNames();
    },
  );
  return reviews;
}

/** The user's review of a class, if any (tests and checks). */
export async function findReview(userId: Types.ObjectId, lessonId: Types.ObjectId): Promise<ReviewEntry | null> {
  const doc = await LessonReviewsModel.findById(lessonId, { reviews: 1 }).lean<LessonReviewsDoc>();
  return doc?.reviews.find((r) => r.user.equals(userId)) ?? null;
}

/** How many reviews exist across all classes. */
export async function countReviews(): Promise<number> {
  const docs = await LessonReviewsModel.find({}, { reviews: 1 }).lean<Pick<LessonReviewsDoc, 'reviews'>[]>();
  return docs.reduce((total, d) => total + d.reviews.length, 0);
}

interface LegacyReview {
  _id?: Types.ObjectId;
  user: Types.ObjectId;
  lesson: Types.ObjectId;
  stars: number;
  description?: string;
  createdAt?: Date;
  updatedAt?: Date;
}

/**
 * Moves reviews kept one document each (before class review documents existed) into their class's
 * document, then drops the old collection. The first migration (migrations/001-legacy-reviews.ts);
 * does nothing once done. Classes that already have a review document are merged (a user's newer
 * review wins), so a run interrupted half-way is finished by the next run without losing or
 * doubling a review.
 */
export async function migrateLegacyReviews(db = mongoose.connection.db): Promise<number> {
  if (!db) return 0;
  const exists = (await db.listCollections({ name: LEGACY_REVIEWS_COLLECTION }, { nameOnly: true }).toArray()).length;
  if (!exists) return 0;
  const legacy = await db.collection<LegacyReview>(LEGACY_REVIEWS_COLLECTION).find({}).toArray();
  const byLesson = new Map<string, LegacyReview[]>();
  for (const review of legacy) {
    const key = review.lesson.toString();
    byLesson.set(key, [...(byLesson.get(key) ?? []), review]);
  }
  for (const [lesson, reviews] of byLesson) {
    const lessonId = new mongoose.Types.ObjectId(lesson);
    const current = await LessonReviewsModel.findById(lessonId).lean<LessonReviewsDoc>();
    const merged = new Map<string, ReviewEntry>(
      (current?.reviews ?? []).map((r): [string, ReviewEntry] => [r.user.toString(), { ...r }]),
    );
    for (const r of reviews) {
      const createdAt = r.createdAt ?? new Date(0);
      const updatedAt = r.updatedAt ?? createdAt;
      const have = merged.get(r.user.toString());
      if (have && have.updatedAt >= updatedAt) continue;
      merged.set(r.user.toString(), {
        _id: r._id ?? new mongoose.Types.ObjectId(),
        user: r.user,
        stars: r.stars,
        description: r.description ?? '',
        createdAt,
        updatedAt,
      });
    }
    const all = [...merged.values()];
    await LessonReviewsModel.updateOne(
      { _id: lessonId },
      { $set: { reviews: all, version: (current?.version ?? 0) + 1 } },
      { upsert: true },
    );
  }
  await db.dropCollection(LEGACY_REVIEWS_COLLECTION);
  return legacy.length;
}

/** A member's review of one class, for their data export. */
export interface MemberReview {
  lessonId: string;
  lessonName: string;
  stars: number;
  description: string;
  createdAt: Date;
  updatedAt: Date;
}

/** The member's reviews, class by class: point reads through their list (lib/owned-lists.ts). */
export async function reviewsByMember(userId: Types.ObjectId): Promise<MemberReview[]> {
  const lessons = (await reviewerLessons.ids(userId.toString())).map((id) => new mongoose.Types.ObjectId(id));
  const [docs, summaries] = await Promise.all([
    Promise.all(lessons.map((id) => LessonReviewsModel.findById(id, { reviews: 1 }).lean<LessonReviewsDoc>())),
    lessonSummaries(lessons),
  ]);
  const names = new Map(summaries.map((l) => [l.id, l.name]));
  return lessons.flatMap((lesson, i) => {
    const review = docs[i]?.reviews.find((r) => r.user.equals(userId));
    if (!review) return [];
    return [
      {
        lessonId: lesson.toString(),
        lessonName: names.get(lesson.toString()) ?? '',
        stars: review.stars,
        description: review.description ?? '',
        createdAt: review.createdAt,
        updatedAt: review.updatedAt,
      },
    ];
  });
}

/** Lists every review under its author (migration 007: reviews written before the lists). */
export async function listReviewAuthors(): Promise<number> {
  let count = 0;
  const cursor = LessonReviewsModel.find({}, { reviews: 1 }).lean<Pick<LessonReviewsDoc, '_id' | 'reviews'>>().cursor();
  for await (const doc of cursor) {
    for (const review of doc.reviews ?? []) {
      await reviewerLessons.add(review.user.toString(), doc._id.toString());
      count += 1;
    }
  }
  return count;
}
