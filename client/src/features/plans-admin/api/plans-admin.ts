import type { PlanDto, schemas } from '@pulso/shared';
import { api, type Answer, type Body } from '../../../lib/api-client';

/** The plan form's fields as the API takes them (name, price, benefits, duration). */
export type PlanFields = Body<typeof schemas.planForm>;

export type PlanSaved = Answer<typeof schemas.planSaved>;

/** Every plan, retired ones included (admin only). */
export async function getAllPlans(): Promise<PlanDto[]> {
  const { data } = await api.get<PlanDto[]>('/memberships/all');
  return data;
}

export async function createPlan(fields: PlanFields): Promise<PlanSaved> {
  const { data } = await api.post<PlanSaved>('/memberships/create', fields);
  return data;
}

export async function updatePlan(id: string, fields: PlanFields): Promise<PlanSaved> {
  const { data } = await api.put<PlanSaved>(`/memberships/update/${encodeURIComponent(id)}`, fields);
  return data;
}

/** Retires the plan: it leaves the public list, members keep what they bought. */
export async function deletePlan(id: string): Promise<string> {
  const { data } = await api.delete<Answer<typeof schemas.message>>(`/memberships/delete/${encodeURIComponent(id)}`);
  return data.message;
}

export async function restorePlan(id: string): Promise<string> {
  const { data } = await api.put<Answer<typeof schemas.message>>(`/memberships/restore/${encodeURIComponent(id)}`);
  return data.message;
}
