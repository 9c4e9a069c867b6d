import { create } from 'zustand';
import type { LoadStatus, PlanDto } from '@pulso/shared';
import { errorMessage } from '../../lib/api-client';
import { getPlans } from './api/get-plans';

interface PlansState {
  items: PlanDto[];
  status: LoadStatus;
  error: string | null;
  fetchPlans: () => Promise<void>;
  /** Marks the list stale (an admin changed a plan): the landing page loads it again on its next visit. */
  invalidatePlans: () => void;
}

/** The spec's memberships store (SPEC §3) for the public site: the plans on offer. */
export const usePlansStore = create<PlansState>()((set) => ({
  items: [],
  status: 'idle',
  error: null,
  fetchPlans: async () => {
    set({ status: 'loading', error: null });
    try {
      set({ items: await getPlans(), status: 'succeeded' });
    } catch (error) {
      set({ status: 'failed', error: errorMessage(error) });
    }
  },
  invalidatePlans: () => set({ status: 'idle', error: null }),
}));
