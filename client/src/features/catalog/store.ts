import { create } from 'zustand';
import type { LoadStatus } from '@pulso/shared';
import { errorMessage } from '../../lib/api-client';
import { getGoals, getTypes, type NamedItem } from './api/catalog';

interface NamedListState {
  items: NamedItem[];
  status: LoadStatus;
  error: string | null;
  /** Loads the list once; a failed or forced load tries again. */
  fetch: (force?: boolean) => Promise<void>;
}

function namedListStore(load: () => Promise<NamedItem[]>) {
  return create<NamedListState>()((set, get) => ({
    items: [],
    status: 'idle',
    error: null,
    fetch: async (force = false) => {
      const { status } = get();
      if (!force && (status === 'loading' || status === 'succeeded')) return;
      set({ status: 'loading', error: null });
      try {
        set({ items: await load(), status: 'succeeded' });
      } catch (error) {
        set({ status: 'failed', error: errorMessage(error) });
      }
    },
  }));
}

/** The spec's types store: the exercise types offered by the class filter (GET /types). */
export const useTypesStore = namedListStore(getTypes);

/** The spec's goals store: the goal names of the lesson forms (GET /goals). */
export const useGoalsStore = namedListStore(getGoals);
