import type {
  ContactMessageDto,
  CreateUserResponseDto,
  PaymentDto,
  PlanDto,
  UserDto,
  UserListItemDto,
} from '@pulso/shared';
import { api } from '../../../lib/api-client';

/** One page of a user list; the total comes from the API's X-Total-Count header. */
export interface UserPage {
  items: UserListItemDto[];
  total: number;
}

/** What the admin user form sends (SPEC §7 /users/create and /users/update). */
export interface UserFormBody {
  fullName: string;
  email: string;
  phone: string;
  isMonitor: boolean;
  isAdmin: boolean;
  /** Required on create; on edit only sent when typed. */
  password?: string;
}

/**
 * A stored contact message (GET /api/contact). The server declares this shape in
 * server/src/modules/contact/contact.service.ts; it is not in @pulso/shared yet.
 */

async function getPage(path: string, page: number, limit: number): Promise<UserPage> {
  const response = await api.get<UserListItemDto[]>(path, { params: { page, limit } });
  const header: unknown = response.headers['x-total-count'];
  const total = Number(header);
  return { items: response.data, total: Number.isFinite(total) && header != null ? total : response.data.length };
}

/** Active accounts, newest first. */
export function getUsers(page: number, limit: number): Promise<UserPage> {
  return getPage('/users', page, limit);
}

/** Suspended accounts (deletedAt set), most recently suspended first. */
export function getSuspendedUsers(page: number, limit: number): Promise<UserPage> {
  return getPage('/users/deleted', page, limit);
}

export async function createUser(body: UserFormBody): Promise<CreateUserResponseDto> {
  const { data } = await api.post<CreateUserResponseDto>('/users/create', body);
  return data;
}

export async function updateUser(
  id: string,
  body: UserFormBody,
): Promise<{ success: boolean; message: string; user: UserDto }> {
  const { data } = await api.put<{ success: boolean; message: string; user: UserDto }>(
    `/users/update/${encodeURIComponent(id)}`,
    body,
  );
  return data;
}

/** Suspends the account (a soft delete); it moves to the suspended list. */
export async function deleteUser(id: string): Promise<string> {
  const { data } = await api.delete<{ message: string }>(`/users/delete/${encodeURIComponent(id)}`);
  return data.message;
}

export async function restoreUser(id: string): Promise<string> {
  const { data } = await api.put<{ message: string }>(`/users/restore/${encodeURIComponent(id)}`);
  return data.message;
}

/** Plans on sale, for a plan granted at the front desk. */
export async function getPlans(): Promise<PlanDto[]> {
  const { data } = await api.get<PlanDto[]>('/memberships');
  return data;
}

/** Records a payment taken at the front desk and grants (or extends) the plan. */
export async function grantPlan(userId: string, planId: string): Promise<{ message: string; payment: PaymentDto }> {
  const { data } = await api.post<{ message: string; payment: PaymentDto }>('/payments/manual', { userId, planId });
  return data;
}

export async function getContactMessages(): Promise<ContactMessageDto[]> {
  const { data } = await api.get<ContactMessageDto[]>('/contact');
  return data;
}
