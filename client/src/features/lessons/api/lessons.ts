import type { LessonDto, LessonListItemDto } from '@pulso/shared';
import { api } from '../../../lib/api-client';
import { prefetchedOr } from '../../../lib/prefetch';

/** The classes open to visitors (available and not retired), by name. */
export function getLessons(): Promise<LessonListItemDto[]> {
  return prefetchedOr('/lessons', async () => (await api.get<LessonListItemDto[]>('/lessons')).data);
}

/** One class by its name, with its reviews and average stars (SPEC §2.5). */
export function getLesson(name: string): Promise<LessonDto> {
  const path = `/lessons/${encodeURIComponent(name)}`;
  return prefetchedOr(path, async () => (await api.get<LessonDto>(path)).data);
}

export interface ReviewInput {
  stars: number;
  description: string;
  userId: string;
  lessonId: string;
}

/** Rates a class as the signed-in member; answers the server's message ('Review Creada'). */
export async function createReview(input: ReviewInput): Promise<string> {
  const { data } = await api.post<{ message: string; averageStars: number }>('/reviews/create', input);
  return data.message;
}

/** Adds a class to the member's own schedule; answers the server's `exito` text (SPEC §7). */
export async function addLessonToSchedule(lessonId: string, userId: string): Promise<string> {
  const { data } = await api.put<{ exito: string }>(`/users/addlesson/${encodeURIComponent(lessonId)}`, {
    idUser: userId,
  });
  return data.exito;
}
