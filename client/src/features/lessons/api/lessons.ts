import type { LessonDto, LessonListItemDto, schemas } from '@pulso/shared';
import { api, type Answer, type Body } from '../../../lib/api-client';
import { prefetchedOr } from '../../../lib/prefetch';

/** The classes open to visitors (available and not retired), by name. */
export function getLessons(): Promise<LessonListItemDto[]> {
  return prefetchedOr('/lessons', async () => (await api.get<LessonListItemDto[]>('/lessons')).data);
}

/** One class by its name, with its reviews and average stars. */
export function getLesson(name: string): Promise<LessonDto> {
  const path = `/lessons/${encodeURIComponent(name)}`;
  return prefetchedOr(path, async () => (await api.get<LessonDto>(path)).data);
}

/** What a member's review sends (stars, description, userId, lessonId). */
export type ReviewInput = Body<typeof schemas.reviewForm>;

/** Rates a class as the signed-in member; answers the server's message ('Review Creada'). */
export async function createReview(input: ReviewInput): Promise<string> {
  const { data } = await api.post<Answer<typeof schemas.reviewSaved>>('/reviews/create', input);
  return data.message;
}

/** Adds a class to the member's own schedule; answers the server's `exito` text. */
export async function addLessonToSchedule(lessonId: string, userId: string): Promise<string> {
  const { data } = await api.put<Answer<typeof schemas.lessonAdded>>(
    `/users/addlesson/${encodeURIComponent(lessonId)}`,
    { idUser: userId },
  );
  return data.exito;
}

/** Takes a class off the caller's own schedule (its places in the next sessions are freed). */
export async function removeLessonFromSchedule(lessonId: string): Promise<string> {
  const { data } = await api.delete<Answer<typeof schemas.message>>(`/users/addlesson/${encodeURIComponent(lessonId)}`);
  return data.message;
}
