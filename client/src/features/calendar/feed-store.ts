import { create } from 'zustand';
import type { CalendarFeedDto } from '@pulso/shared';
import { createMutator, type Outcome } from '../../lib/mutation';
import { createLoader, emptySlot, slot, type Slot } from '../../lib/resource';
import { getCalendarFeed, renewCalendarFeed } from './api/feed';

interface CalendarFeedState {
  /** The address, keyed by its owner's id (another person signing in on this tab never sees it). */
  feed: Slot<CalendarFeedDto | null>;
  /** A new address is being made. */
  busy: boolean;
  fetchFeed: (userId: string) => Promise<void>;
  renew: (userId: string) => Promise<Outcome>;
}

const FEED = slot<CalendarFeedState, 'feed'>('feed', null);

/** The signed-in person's private calendar feed address ('Calendario en tu móvil'). */
export const useCalendarFeedStore = create<CalendarFeedState>()((set, get) => {
  const { load, put } = createLoader(set, get);
  const mutate = createMutator<CalendarFeedState, boolean>(set, false);
  return {
    feed: emptySlot(null),
    busy: false,
    fetchFeed: (userId) => load(FEED, userId, getCalendarFeed),
    renew: (userId) =>
      mutate(true, async () => {
        const answer = await renewCalendarFeed();
        put(FEED, userId, answer.feed);
        return answer.message;
      }),
  };
});
