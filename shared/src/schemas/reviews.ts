import * as z from 'zod';
import { MESSAGES } from '../validation/messages';
import { field, text, wire } from './core';

/**
 * A member's review of a class (review payload): 1 to 5 stars and an optional comment of at most
 * 500 characters (the spec gives no limit; see docs/spec-deviations.md).
 */
export const reviewForm = z.object({
  stars: field(wire.textOrNumber(), text(z.string().regex(/^[1-5]$/, MESSAGES.reviews.starsRange))),
  description: field(
    wire.text(),
    z.unknown().refine((d) => typeof d !== 'string' || d.length <= 500, { error: MESSAGES.reviews.descriptionTooLong }),
  ),
  userId: wire.text(),
  lessonId: field(
    wire.text(),
    z.unknown().refine((id) => typeof id === 'string' && id !== '', { error: MESSAGES.lessons.notFound }),
  ),
});

/** A review saved, and the class's new average. */
export const reviewSaved = z.object({ message: z.string(), averageStars: z.number() });
