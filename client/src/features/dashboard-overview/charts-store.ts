import { create } from 'zustand';
import { OVERVIEW_PERIODS, type LoadStatus, type OverviewDto } from '@pulso/shared';
import { createLoader, flat } from '../../lib/resource';
import { getOverview } from './api/stats';

export type OverviewPeriod = (typeof OVERVIEW_PERIODS)[number];

interface ChartsState {
  overview: OverviewDto | null;
  status: LoadStatus;
  error: string | null;
  /** Days back from today, today included. */
  period: OverviewPeriod;
  /** A sede's figures, or '' for the chain (a sede's staff always get theirs). */
  branch: string;
  choose: (choice: { period?: OverviewPeriod; branch?: string }) => Promise<void>;
  load: () => Promise<void>;
}

const OVERVIEW = flat<ChartsState, 'overview'>({ value: 'overview', status: 'status', error: 'error' }, null);

/** The overview's charts: the period and sede chosen, and their figures (kept on screen while the next load). */
export const useChartsStore = create<ChartsState>()((set, get) => {
  const { load } = createLoader(set, get);
  const fetch = () => {
    const { period, branch } = get();
    return load(OVERVIEW, null, () => getOverview({ days: period, branch }));
  };
  return {
    overview: null,
    status: 'idle',
    error: null,
    period: OVERVIEW_PERIODS[0],
    branch: '',
    choose: (choice) => {
      set(choice);
      return fetch();
    },
    load: fetch,
  };
});
