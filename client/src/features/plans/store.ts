import { create } from 'zustand';
import type { PlanDto } from '@pulso/shared';
import { createLoader, emptyList, listOf, type ListState } from '../../lib/resource';
import { getPlans } from './api/get-plans';

interface PlansState extends ListState<PlanDto> {
  fetchPlans: () => Promise<void>;
  /** Marks the list stale (an admin changed a plan): the landing page loads it again on its next visit. */
  invalidatePlans: () => void;
}

const PLANS = listOf<PlansState>();

/** The spec's memberships store for the public site: the plans on offer. */
export const usePlansStore = create<PlansState>()((set, get) => {
  const { load } = createLoader(set, get);
  return {
    ...emptyList<PlanDto>(),
    fetchPlans: () => load(PLANS, null, getPlans),
    invalidatePlans: () => set({ status: 'idle', error: null }),
  };
});
