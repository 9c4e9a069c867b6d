import { create } from 'zustand';
import type { LoadStatus, StatsDto } from '@pulso/shared';
import { errorMessage } from '../../lib/api-client';
import { getStats } from './api/stats';

interface OverviewState {
  stats: StatsDto | null;
  status: LoadStatus;
  error: string | null;
  load: () => Promise<void>;
}

/** The dashboard overview's figures; a reload keeps the last figures on screen while it runs. */
export const useOverviewStore = create<OverviewState>()((set) => ({
  stats: null,
  status: 'idle',
  error: null,
  load: async () => {
    set({ status: 'loading', error: null });
    try {
      set({ stats: await getStats(), status: 'succeeded' });
    } catch (error) {
      set({ status: 'failed', error: errorMessage(error) });
    }
  },
}));
