import {
  auditQueryParams,
  type AuditEntity,
  type AuditEntryDto,
  type AuditQuery,
  type UserListItemDto,
} from '@pulso/shared';
import { api } from '../../../lib/api-client';

export const AUDIT_PAGE_SIZE = 25;

/** A page of the audit trail, newest first, with how many entries match. */
export async function getAuditTrail(
  query: AuditQuery,
  page: number,
): Promise<{ items: AuditEntryDto[]; total: number }> {
  const response = await api.get<AuditEntryDto[]>('/audit', {
    params: { page, limit: AUDIT_PAGE_SIZE, ...auditQueryParams(query) },
  });
  const header: unknown = response.headers['x-total-count'];
  const total = Number(typeof header === 'string' ? header : response.data.length);
  return { items: response.data, total: Number.isFinite(total) ? total : response.data.length };
}

/** One record's history (a member's includes their check-ins and desk payments), newest first. */
export async function getAuditHistory(entity: AuditEntity, id: string): Promise<AuditEntryDto[]> {
  return (await api.get<AuditEntryDto[]>(`/audit/${entity}/${encodeURIComponent(id)}`)).data;
}

/** The staff the trail can be filtered by: administrators and trainers, by name. */
export async function getStaff(): Promise<{ id: string; name: string }[]> {
  const byRole = async (role: 'admin' | 'trainer') =>
    (await api.get<UserListItemDto[]>('/users', { params: { role, sort: 'name', limit: 200 } })).data;
  const [admins, trainers] = await Promise.all([byRole('admin'), byRole('trainer')]);
  const byId = new Map([...admins, ...trainers].map((u) => [u.id, { id: u.id, name: u.fullName }]));
  return [...byId.values()].sort((a, b) => a.name.localeCompare(b.name, 'es'));
}
