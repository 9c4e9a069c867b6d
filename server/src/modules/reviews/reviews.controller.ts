import type { Request, Response } from 'express';
import { ERROR_CODES, MESSAGES } from '@pulso/shared';
import { HttpError } from '../../lib/http-error';
import { validated } from '../../lib/validate';
import { findLessonById } from '../lessons/lessons.service';
import { syncRating, writeReview } from './reviews.service';
import { Types } from 'mongoose';

/**
 * A member with an active membership rates a class for themself (`userId` must be the caller).
 * A second review of the same class replaces the first; the class's average is refreshed.
 */
export async function create(req: Request, res: Response): Promise<void> {
  const user = req.user;
  if (!user) throw HttpError.unauthenticated();
  const input = validated<{ stars: string | number; description?: string; userId?: string; lessonId: string }>(req);
  if (input.userId !== undefined && input.userId !== user.id) throw HttpError.forbidden();
  if (!user.hasActiveMembership) {
    throw new HttpError(403, ERROR_CODES.FORBIDDEN, MESSAGES.lessons.membershipRequired);
  }
  const lesson = await findLessonById(input.lessonId);
  await writeReview(new Types.ObjectId(user.id), lesson._id, Number(input.stars), input.description?.trim() ?? '');
  const rating = await syncRating(lesson._id);
  res.status(201).json({ message: MESSAGES.reviews.created, averageStars: rating.average });
}
