import { create } from 'zustand';
import type { CheckoutSessionDto, LoadStatus, MembershipDto, PlanDto } from '@pulso/shared';
import { errorMessage, errorStatus } from '../../lib/api-client';
import * as api from './api/payments';

/**
 * One thing a checkout page reads, tagged with the id it was read for (a plan id, a session id, a
 * user id). Each page has its own slot, so one page's load never shows another page's spinner or
 * data.
 */
export interface Slot<T> {
  key: string | null;
  value: T | null;
  status: LoadStatus;
  error: string | null;
  /** The load failed because the thing does not exist (or its id is malformed). */
  notFound: boolean;
}

const EMPTY_SLOT: Slot<never> = { key: null, value: null, status: 'idle', error: null, notFound: false };

/**
 * The slot as a page showing `key` must see it: what was read for another id counts as not read
 * yet, so it is never shown, not even for the one render before the page's own load starts.
 */
export function slotFor<T>(slot: Slot<T>, key: string): Slot<T> {
  return slot.key === key ? slot : { ...EMPTY_SLOT, key };
}

type SlotName = 'plan' | 'session' | 'membership';

interface PaymentsState {
  plan: Slot<PlanDto>;
  session: Slot<CheckoutSessionDto>;
  /** The signed-in user's membership as the server has it (null value: none). */
  membership: Slot<MembershipDto>;
  /** A payment action (checkout, Pagar, Cancelar) is in flight. */
  busy: boolean;
  /** Why the last payment action failed. */
  actionError: string | null;
  loadPlan: (id: string) => Promise<void>;
  startCheckout: (userId: string, planId: string) => Promise<string | null>;
  loadSession: (sessionId: string) => Promise<void>;
  confirm: (sessionId: string, userId: string | null) => Promise<boolean>;
  cancel: (sessionId: string) => Promise<boolean>;
  loadMembership: (userId: string) => Promise<void>;
}

export const usePaymentsStore = create<PaymentsState>()((set, get) => {
  /** The latest request of each slot; an older answer arriving late is dropped. */
  const latest: Record<SlotName, number> = { plan: 0, session: 0, membership: 0 };

  const load = async <N extends SlotName>(
    name: N,
    key: string,
    read: () => Promise<PaymentsState[N]['value']>,
  ): Promise<void> => {
    const request = ++latest[name];
    const current = get()[name];
    // Reading again what is already shown refreshes it in place; anything else starts from empty.
    const refreshing = current.key === key && current.status === 'succeeded';
    if (!refreshing)
      set({ [name]: { ...EMPTY_SLOT, key, status: 'loading' }, actionError: null } as Partial<PaymentsState>);
    try {
      const value = await read();
      if (request !== latest[name]) return;
      set({ [name]: { key, value, status: 'succeeded', error: null, notFound: false } } as Partial<PaymentsState>);
    } catch (error) {
      if (request !== latest[name] || refreshing) return; // a failed refresh keeps what is shown
      const status = errorStatus(error);
      const failed = {
        ...EMPTY_SLOT,
        key,
        status: 'failed',
        error: errorMessage(error),
        notFound: status === 404 || status === 400,
      };
      set({ [name]: failed } as Partial<PaymentsState>);
    }
  };

  const act = async <T>(run: () => Promise<T>): Promise<T | null> => {
    set({ busy: true, actionError: null });
    try {
      return await run();
    } catch (error) {
      set({ actionError: errorMessage(error) });
      return null;
    } finally {
      set({ busy: false });
    }
  };

  return {
    plan: EMPTY_SLOT,
    session: EMPTY_SLOT,
    membership: EMPTY_SLOT,
    busy: false,
    actionError: null,
    loadPlan: (id) => load('plan', id, () => api.getPlan(id)),
    startCheckout: (userId, planId) => act(() => api.createCheckout(userId, planId)),
    loadSession: (sessionId) => load('session', sessionId, () => api.getCheckoutSession(sessionId)),
    confirm: async (sessionId, userId) =>
      (await act(async () => {
        const { membresia } = await api.confirmDemoCheckout(sessionId);
        // The server's answer is the membership now: the success page shows it at once.
        if (userId) {
          latest.membership++;
          set({ membership: { key: userId, value: membresia, status: 'succeeded', error: null, notFound: false } });
        }
        return true;
      })) ?? false,
    cancel: async (sessionId) => (await act(() => api.cancelDemoCheckout(sessionId).then(() => true))) ?? false,
    loadMembership: (userId) => load('membership', userId, async () => (await api.getUser(userId)).membresia ?? null),
  };
});
