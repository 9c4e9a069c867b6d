import type { CreateUserResponseDto, MonitorDto, UserDto } from '@pulso/shared';
import { api } from '../../../lib/api-client';

/** What the trainer forms send (SPEC §7: fullName, email, phone, isAdmin, isMonitor, password). */
export interface TrainerInput {
  fullName: string;
  email: string;
  phone: string;
  isMonitor: boolean;
  isAdmin: boolean;
  /** Create only. */
  password?: string;
}

/** The trainers with their classes (GET /users/monitor answers `{ monitor: [...] }`). */
export async function getTrainers(): Promise<MonitorDto[]> {
  const { data } = await api.get<{ monitor: MonitorDto[] }>('/users/monitor');
  return data.monitor;
}

export async function getTrainer(id: string): Promise<UserDto> {
  const { data } = await api.get<UserDto>(`/users/${encodeURIComponent(id)}`);
  return data;
}

/** Creates the account as the signed-in admin; answers the server's message and the new id. */
export async function createTrainer(input: TrainerInput): Promise<{ id: string; message: string }> {
  const { data } = await api.post<CreateUserResponseDto>('/users/create', input);
  return { id: data.user.id, message: data.message };
}

export async function updateTrainer(id: string, input: TrainerInput): Promise<{ user: UserDto; message: string }> {
  const { data } = await api.put<{ success: boolean; message: string; user: UserDto }>(
    `/users/update/${encodeURIComponent(id)}`,
    input,
  );
  return { user: data.user, message: data.message };
}

/** Suspends the account (the server's soft delete); answers the server's message. */
export async function deleteTrainer(id: string): Promise<string> {
  const { data } = await api.delete<{ success: boolean; message: string }>(`/users/delete/${encodeURIComponent(id)}`);
  return data.message;
}
