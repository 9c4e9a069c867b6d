import type { PlanDto } from '@pulso/shared';
import { api } from '../../../lib/api-client';

/** The plan form's fields as the API takes them (SPEC §7: name, price, benefits, duration). */
export interface PlanFields {
  name: string;
  benefits: string;
  duration: number;
  price: number;
}

export interface PlanSaved {
  message: string;
  plan: PlanDto;
}

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
  const { data } = await api.delete<{ message: string }>(`/memberships/delete/${encodeURIComponent(id)}`);
  return data.message;
}

export async function restorePlan(id: string): Promise<string> {
  const { data } = await api.put<{ message: string }>(`/memberships/restore/${encodeURIComponent(id)}`);
  return data.message;
}
