import type { BranchDto, LessonDto, LessonListItemDto, TrainerDto, schemas } from '@pulso/shared';
import { api, type Answer, type Body } from '../../../lib/api-client';

/**
 * What the lesson form sends as `lessonAttributes` (JSON text beside the image file): the
 * form's fields, with the trainer and the sede by id (`monitorId`, `officeId`; two trainers may
 * share a full name) instead of the spec's names.
 */
export type LessonAttributes = Omit<
  Body<typeof schemas.lessonForm.create.fields>,
  'image' | 'monitor' | 'branchoffice'
>;

export type LessonSaved = Answer<typeof schemas.lessonSaved>;

/** A sede the form offers, with the days and hours a class held there must fit. */
export type BranchOption = Pick<BranchDto, 'id' | 'name' | 'scheduleDays' | 'scheduleHourStart' | 'scheduleHourFinish'>;

/** Every current class, available or not, for the admin list (GET /lessons/all). */
export async function getAllLessons(): Promise<LessonListItemDto[]> {
  const { data } = await api.get<LessonListItemDto[]>('/lessons/all');
  return data;
}

/** One class by id, for the edit screen. */
export async function getLessonById(id: string): Promise<LessonDto> {
  const { data } = await api.get<LessonDto>(`/lessons/detail/${encodeURIComponent(id)}`);
  return data;
}

function multipart(attributes: LessonAttributes, image: File | null): FormData {
  const form = new FormData();
  if (image) form.append('image', image);
  form.append('lessonAttributes', JSON.stringify(attributes));
  return form;
}

export async function createLesson(attributes: LessonAttributes, image: File): Promise<LessonSaved> {
  const { data } = await api.post<LessonSaved>('/lessons/create', multipart(attributes, image));
  return data;
}

/** Without a new image the stored one stays. */
export async function updateLesson(id: string, attributes: LessonAttributes, image: File | null): Promise<LessonSaved> {
  const { data } = await api.put<LessonSaved>(
    `/lessons/update/${encodeURIComponent(id)}`,
    multipart(attributes, image),
  );
  return data;
}

export async function deleteLesson(id: string): Promise<string> {
  const { data } = await api.delete<Answer<typeof schemas.message>>(`/lessons/delete/${encodeURIComponent(id)}`);
  return data.message;
}

/** The trainers a class can be given (the response field is `monitor`). */
export async function getTrainers(): Promise<TrainerDto[]> {
  const { data } = await api.get<Answer<typeof schemas.trainerList>>('/users/monitor');
  return data.monitor;
}

/** The sedes a class can be held at, with their days and hours (`{ branchOffice: [...] }`). */
export async function getBranches(): Promise<BranchOption[]> {
  const { data } = await api.get<Answer<typeof schemas.branchList>>('/branchoffice');
  return data.branchOffice.map(({ id, name, scheduleDays, scheduleHourStart, scheduleHourFinish }) => ({
    id,
    name,
    scheduleDays,
    scheduleHourStart,
    scheduleHourFinish,
  }));
}
