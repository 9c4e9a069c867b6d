import { create } from 'zustand';
import { getGoals, getTypes, type NamedItem } from './api/catalog';
import { createLoader, emptyList, listOf, type ListState } from '../../lib/resource';

interface NamedListState extends ListState<NamedItem> {
  /** Loads the list once; a failed or forced load tries again. */
  fetch: (force?: boolean) => Promise<void>;
}

function namedListStore(read: () => Promise<NamedItem[]>) {
  return create<NamedListState>()((set, get) => {
    const { load } = createLoader(set, get);
    return {
      ...emptyList<NamedItem>(),
      fetch: async (force = false) => {
        const { status } = get();
        if (!force && (status === 'loading' || status === 'succeeded')) return;
        await load(listOf<NamedListState>(), null, read);
      },
    };
  });
}

/** The spec's types store: the exercise types offered by the class filter (GET /types). */
export const useTypesStore = namedListStore(getTypes);

/** The spec's goals store: the goal names of the lesson forms (GET /goals). */
export const useGoalsStore = namedListStore(getGoals);
