import type { Request, Response } from 'express';
import { MESSAGES } from '@pulso/shared';
import { HttpError } from '../../lib/http-error';
import { validated } from '../../lib/validate';
import { lessonId } from '../lessons/lessons.service';
import { refreshLesson } from '../lessons/lessons.views';
import { rateLesson } from './reviews.service';

/**
 * A member with an active membership rates a class for themself (`userId` must be the caller).
 * A second review of the same class replaces the first; the class's average is refreshed.
 */
export async function create(req: Request, res: Response): Promise<void> {
  const user = req.user;
  if (!user) throw HttpError.unauthenticated();
  const input = validated<{ stars: string | number; description?: string; userId?: string; lessonId: string }>(req);
  if (input.userId !== undefined && input.userId !== user.id) throw HttpError.forbidden();
  const rating = await rateLesson(user, input.lessonId, Number(input.stars), input.description?.trim() ?? '');
  // The class's page shows the review and both lists the new average on the next read.
  await refreshLesson(lessonId(input.lessonId));
  res.status(201).json({ message: MESSAGES.reviews.created, averageStars: rating.average });
}
