import type { LessonDto, LessonListItemDto } from '@pulso/shared';
import { api } from '../../../lib/api-client';

/** The classes open to visitors (available and not retired), by name. */
export async function getLessons(): Promise<LessonListItemDto[]> {
  const { data } = await api.get<LessonListItemDto[]>('/lessons');
  return data;
}

/** One class by its name, with its reviews and average stars (SPEC §2.5). */
export async function getLesson(name: string): Promise<LessonDto> {
  const { data } = await api.get<LessonDto>(`/lessons/${encodeURIComponent(name)}`);
  return data;
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
