import type { PlanDto } from '@pulso/shared';
import { api } from '../../../lib/api-client';
import { prefetchedOr } from '../../../lib/prefetch';

export function getPlans(): Promise<PlanDto[]> {
  return prefetchedOr('/memberships', async () => (await api.get<PlanDto[]>('/memberships')).data);
}
