import { MESSAGES, schemas, toText } from '@pulso/shared';
import { MockHttpError } from '../http';
import { findLesson } from '../lookups';
import type { Route } from '../route';

/** The reviews module (server/src/modules/reviews): members rate classes; a second review replaces the first. */
export const reviewsHandlers = (route: Route) => [
  route(
    'POST /reviews/create',
    { access: 'member', body: schemas.reviewForm, ok: [201, schemas.reviewSaved] },
    ({ input, user, data, db }) => {
      if (input.userId !== undefined && input.userId !== user.id) throw MockHttpError.forbidden();
      if (!user.hasActiveMembership) throw MockHttpError.forbidden(MESSAGES.lessons.membershipRequired);
      const lesson = findLesson(data, input.lessonId ?? '');
      const stars = Number(input.stars);
      const description = toText(input.description);
      const existing = data.reviews.find((r) => r.user === user.id && r.lesson === lesson.id);
      if (existing) Object.assign(existing, { stars, description });
      else
        data.reviews.push({
          id: db.id(),
          user: user.id,
          lesson: lesson.id,
          stars,
          description,
          createdAt: new Date().toISOString(),
        });
      const all = data.reviews.filter((r) => r.lesson === lesson.id);
      const total = all.reduce((sum, r) => sum + r.stars, 0);
      lesson.reviewCount = all.length;
      lesson.averageStars = all.length ? Math.round((total / all.length) * 10) / 10 : 0;
      return { message: MESSAGES.reviews.created, averageStars: lesson.averageStars };
    },
  ),
];
