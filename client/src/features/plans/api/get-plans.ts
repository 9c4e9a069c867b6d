import type { PlanDto } from '@pulso/shared';
import { api } from '../../../lib/api-client';

export async function getPlans(): Promise<PlanDto[]> {
  const { data } = await api.get<PlanDto[]>('/memberships');
  return data;
}
