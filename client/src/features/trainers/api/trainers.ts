import type { TrainerDto, schemas, UserDto } from '@pulso/shared';
import { api, type Answer, type Body } from '../../../lib/api-client';

type TrainerBody = Body<typeof schemas.trainerForm.create>;

/** What the trainer forms send (fullName, email, phone, isAdmin, isMonitor, password on create). */
export type TrainerInput = Pick<TrainerBody, 'fullName' | 'email' | 'phone' | 'isMonitor' | 'isAdmin'> &
  Partial<Pick<TrainerBody, 'password'>>;

/** The trainers with their classes (GET /users/monitor answers `{ monitor: [...] }`). */
export async function getTrainers(): Promise<TrainerDto[]> {
  const { data } = await api.get<Answer<typeof schemas.trainerList>>('/users/monitor');
  return data.monitor;
}

export async function getTrainer(id: string): Promise<UserDto> {
  const { data } = await api.get<UserDto>(`/users/${encodeURIComponent(id)}`);
  return data;
}

/** Creates the account as the signed-in admin; answers the server's message and the new id. */
export async function createTrainer(input: TrainerInput): Promise<{ id: string; message: string }> {
  const { data } = await api.post<Answer<typeof schemas.createUserResponse>>('/users/create', input);
  return { id: data.user.id, message: data.message };
}

export async function updateTrainer(
  id: string,
  input: TrainerInput,
): Promise<Pick<Answer<typeof schemas.userUpdated>, 'user' | 'message'>> {
  const { data } = await api.put<Answer<typeof schemas.userUpdated>>(`/users/update/${encodeURIComponent(id)}`, input);
  return { user: data.user, message: data.message };
}

/** Suspends the account (the server's soft delete); answers the server's message. */
export async function deleteTrainer(id: string): Promise<string> {
  const { data } = await api.delete<Answer<typeof schemas.outcome>>(`/users/delete/${encodeURIComponent(id)}`);
  return data.message;
}
