import { create } from 'zustand';
import type { LoadStatus, StatsDto } from '@pulso/shared';
import { createLoader, flat } from '../../lib/resource';
import { getStats } from './api/stats';

interface OverviewState {
  stats: StatsDto | null;
  status: LoadStatus;
  error: string | null;
  load: () => Promise<void>;
}

const STATS = flat<OverviewState, 'stats'>({ value: 'stats', status: 'status', error: 'error' }, null);

/** The dashboard overview's figures; a reload keeps the last figures on screen while it runs. */
export const useOverviewStore = create<OverviewState>()((set, get) => {
  const { load } = createLoader(set, get);
  return {
    stats: null,
    status: 'idle',
    error: null,
    load: () => load(STATS, null, getStats),
  };
});
