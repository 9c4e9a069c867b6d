import type { Types } from 'mongoose';
import { isDuplicateKeyError } from '../../lib/db';
import type { LessonReviewDto } from '@pulso/shared';
import { userNames } from '../users/users.service';
import { ReviewModel, type ReviewDoc } from './reviews.model';

export async function reviewsForLesson(lessonId: Types.ObjectId): Promise<LessonReviewDto[]> {
  const docs = await ReviewModel.find({ lesson: lessonId }).sort({ createdAt: -1 }).limit(200).lean<ReviewDoc[]>();
  const names = await userNames(docs.map((d) => d.user));
  return docs.map((d) => ({
    id: d._id.toString(),
    user: names.get(d.user.toString()) ?? '',
    userId: d.user.toString(),
    stars: d.stars,
    description: d.description ?? '',
    createdAt: d.createdAt.toISOString(),
  }));
}

/** Writes the user's review of a class; a second one replaces the first (unique user + lesson). */
export async function upsertReview(
  userId: Types.ObjectId,
  lessonId: Types.ObjectId,
  stars: number,
  description: string,
): Promise<void> {
  const write = () =>
    ReviewModel.updateOne({ user: userId, lesson: lessonId }, { $set: { stars, description } }, { upsert: true });
  try {
    await write();
  } catch (error) {
    // Two upserts at the same moment: the loser hits the unique index; retried, it updates.
    if (!isDuplicateKeyError(error)) throw error;
    await write();
  }
}

/** Average stars (rounded to one decimal) and count of a class's reviews. */
export async function ratingOf(lessonId: Types.ObjectId): Promise<{ average: number; count: number }> {
  // FerretDB 1.24 has no $avg accumulator and its `{ $sum: 1 }` counts 0, so: a sum and a count.
  const [rows, count] = await Promise.all([
    ReviewModel.aggregate<{ total: number }>([
      { $match: { lesson: lessonId } },
      { $group: { _id: '$lesson', total: { $sum: '$stars' } } },
    ]),
    ReviewModel.countDocuments({ lesson: lessonId }),
  ]);
  const total = rows[0]?.total ?? 0;
  return count === 0 ? { average: 0, count: 0 } : { average: Math.round((total / count) * 10) / 10, count };
}
