import { MESSAGES } from '@pulso/shared';
import { validateBody } from '../../lib/validate';

export const reviewValidator = validateBody(
  { stars: 'numberOrString', description: 'string', userId: 'string', lessonId: 'string' },
  (input) => {
    const errors: Record<string, string> = {};
    if (!/^[1-5]$/.test(String(input.stars ?? ''))) errors.stars = MESSAGES.reviews.starsRange;
    if (typeof input.description === 'string' && input.description.length > 500) {
      errors.description = MESSAGES.reviews.descriptionTooLong;
    }
    if (typeof input.lessonId !== 'string' || input.lessonId === '') errors.lessonId = MESSAGES.lessons.notFound;
    return errors;
  },
);
