import { create } from 'zustand';
import type { PreferencesDto } from '@pulso/shared';
import { createMutator, type Outcome } from '../../lib/mutation';
import { createLoader, emptySlot, slot, type Slot } from '../../lib/resource';
import { getPreferences, savePreferences } from './api/preferences';

interface PreferencesState {
  /** Keyed by their owner's id (another person signing in on this tab never sees them). */
  preferences: Slot<PreferencesDto | null>;
  busy: boolean;
  fetchPreferences: (userId: string) => Promise<void>;
  setMembershipReminders: (userId: string, on: boolean) => Promise<Outcome>;
}

const PREFERENCES = slot<PreferencesState, 'preferences'>('preferences', null);

/** The signed-in person's e-mail preferences (the membership reminders, on the profile). */
export const usePreferencesStore = create<PreferencesState>()((set, get) => {
  const { load, put } = createLoader(set, get);
  const mutate = createMutator<PreferencesState, boolean>(set, false);
  return {
    preferences: emptySlot(null),
    busy: false,
    fetchPreferences: (userId) => load(PREFERENCES, userId, getPreferences),
    setMembershipReminders: (userId, on) =>
      mutate(true, async () => {
        const answer = await savePreferences({ membershipReminders: on });
        put(PREFERENCES, userId, answer.preferences);
        return answer.message;
      }),
  };
});
