import {
  type BulkUserAction,
  DEFAULT_USER_QUERY,
  userQueryParams,
  type ContactMessageDto,
  type MemberAttendanceDto,
  type PlanDto,
  type schemas,
  type UserListItemDto,
  type UserQuery,
} from '@pulso/shared';
import { fileNameOf } from '../../../lib/save-file';
import { api, type Answer, type Body } from '../../../lib/api-client';

/** One page of a user list; the total comes from the API's X-Total-Count header. */
export interface UserPage {
  items: UserListItemDto[];
  total: number;
}

type UserFields = Body<typeof schemas.userForm.create>;

/**
 * What the admin user form sends (/users/create and /users/update): the password is required
 * on create; on edit it is only sent when typed.
 */
export type UserFormBody = Pick<
  UserFields,
  'fullName' | 'email' | 'phone' | 'isMonitor' | 'isAdmin' | 'homeBranch' | 'staffRole'
> &
  Partial<Pick<UserFields, 'password'>>;

async function getPage(
  path: string,
  page: number,
  limit: number,
  filters: Record<string, string> = {},
): Promise<UserPage> {
  const response = await api.get<UserListItemDto[]>(path, { params: { page, limit, ...filters } });
  const header: unknown = response.headers['x-total-count'];
  const total = Number(header);
  return { items: response.data, total: Number.isFinite(total) && header != null ? total : response.data.length };
}

/** Active accounts, newest first. */
export function getUsers(page: number, limit: number, query: UserQuery = DEFAULT_USER_QUERY): Promise<UserPage> {
  return getPage('/users', page, limit, userQueryParams(query));
}

/** The active users the query asks for, as the CSV file to save (UTF-8 with BOM). */
export async function downloadUsersCsv(query: UserQuery): Promise<{ file: Blob; fileName: string }> {
  const response = await api.get<Blob>('/users/csv', { params: userQueryParams(query), responseType: 'blob' });
  return { file: response.data, fileName: fileNameOf(response.headers, 'usuarios.csv') };
}

/** Suspended accounts (deletedAt set), most recently suspended first. */
export function getSuspendedUsers(page: number, limit: number): Promise<UserPage> {
  return getPage('/users/deleted', page, limit);
}

export async function createUser(body: UserFormBody): Promise<Answer<typeof schemas.createUserResponse>> {
  const { data } = await api.post<Answer<typeof schemas.createUserResponse>>('/users/create', body);
  return data;
}

export async function updateUser(id: string, body: UserFormBody): Promise<Answer<typeof schemas.userUpdated>> {
  const { data } = await api.put<Answer<typeof schemas.userUpdated>>(`/users/update/${encodeURIComponent(id)}`, body);
  return data;
}

/** Suspends the account (a soft delete); it moves to the suspended list. */
export async function deleteUser(id: string): Promise<string> {
  const { data } = await api.delete<Answer<typeof schemas.outcome>>(`/users/delete/${encodeURIComponent(id)}`);
  return data.message;
}

export async function restoreUser(id: string): Promise<string> {
  const { data } = await api.put<Answer<typeof schemas.outcome>>(`/users/restore/${encodeURIComponent(id)}`);
  return data.message;
}

/** Plans on sale, for a plan granted at the front desk. */
export async function getPlans(): Promise<PlanDto[]> {
  const { data } = await api.get<PlanDto[]>('/memberships');
  return data;
}

/** Records a payment taken at the front desk and grants (or extends) the plan. */
export async function grantPlan(userId: string, planId: string): Promise<Answer<typeof schemas.paymentSaved>> {
  const { data } = await api.post<Answer<typeof schemas.paymentSaved>>('/payments/manual', { userId, planId });
  return data;
}

/** An action on a selection of users: what was done for whom, and for whom not and why. */
export async function bulkUsers(body: {
  action: BulkUserAction;
  ids: string[];
  requestId: string;
  planId?: string;
  from?: string;
  days?: string;
}): Promise<Answer<typeof schemas.bulkUsersResult>> {
  return (await api.post<Answer<typeof schemas.bulkUsersResult>>('/users/bulk', body)).data;
}

export async function getContactMessages(): Promise<ContactMessageDto[]> {
  const { data } = await api.get<ContactMessageDto[]>('/contact');
  return data;
}

/** A member's attendance: sessions attended, no-shows and late cancels, with the latest ones. */
export async function getAttendance(userId: string): Promise<MemberAttendanceDto> {
  const { data } = await api.get<MemberAttendanceDto>(`/checkin/members/${encodeURIComponent(userId)}`);
  return data;
}
