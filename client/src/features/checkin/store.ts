import { create } from 'zustand';
import type { CheckinCardDto, CheckinResultDto } from '@pulso/shared';
import { createMutator, type Outcome } from '../../lib/mutation';
import { createLoader, emptySlot, slot, type LoadOptions, type Slot } from '../../lib/resource';
import { checkIn, getCheckinCard } from './api/checkin';

/** One check-in tried at this desk: who and what the server said. */
export interface DeskEntry {
  id: number;
  ok: boolean;
  message: string;
  at: Date;
}

/** How many of the desk's latest check-ins the screen lists. */
export const DESK_LOG_SIZE = 8;

interface CheckinState {
  /** The signed-in member's code now. */
  card: Slot<CheckinCardDto | null>;
  /** The desk's check-ins since the screen opened, newest first. */
  log: DeskEntry[];
  busy: boolean;
  fetchCard: (options?: LoadOptions) => Promise<void>;
  checkIn: (code: string, branchId: string) => Promise<Outcome<CheckinResultDto>>;
}

const CARD = slot<CheckinState, 'card'>('card', null);
let nextEntry = 1;

/** Check-in: the member's rotating code, and the front desk's registrations. */
export const useCheckinStore = create<CheckinState>()((set, get) => {
  const { load } = createLoader(set, get);
  const mutate = createMutator<CheckinState, boolean>(set, false);
  return {
    card: emptySlot(null),
    log: [],
    busy: false,
    fetchCard: (options) => load(CARD, 'me', getCheckinCard, options),
    checkIn: async (code, branchId) => {
      const outcome = await mutate(true, async () => {
        const result = await checkIn(code, branchId);
        return { message: result.message, value: result };
      });
      const entry = { id: nextEntry++, ok: outcome.ok, message: outcome.message, at: new Date() };
      set((s) => ({ log: [entry, ...s.log].slice(0, DESK_LOG_SIZE) }));
      return outcome;
    },
  };
});
