import { create } from 'zustand';
import type { CheckoutSessionDto, MembershipDto, PaymentDto, PlanDto } from '@pulso/shared';
import { createAction } from '../../lib/mutation';
import { createLoader, emptySlot, slot, type Lens, type Slot } from '../../lib/resource';
import * as api from './api/payments';

export { slotFor } from '../../lib/resource';

/**
 * What the checkout pages read, each in its own slot tagged with the id it was read for (a plan id,
 * a session id, a user id), so one page's load never shows another page's spinner or data.
 */
interface PaymentsState {
  plan: Slot<PlanDto | null>;
  session: Slot<CheckoutSessionDto | null>;
  /** The signed-in user's membership as the server has it (null value: none). */
  membership: Slot<MembershipDto | null>;
  /** The signed-in member's payments that went through ('Mis pagos'), newest first. */
  history: Slot<PaymentDto[]>;
  /** A payment action (checkout, Pagar, Cancelar) is in flight. */
  busy: boolean;
  /** Why the last payment action failed. */
  actionError: string | null;
  loadPlan: (id: string) => Promise<void>;
  startCheckout: (userId: string, planId: string) => Promise<string | null>;
  loadSession: (sessionId: string) => Promise<void>;
  confirm: (sessionId: string, userId: string | null, options?: { failRenewals?: boolean }) => Promise<boolean>;
  cancel: (sessionId: string) => Promise<boolean>;
  loadMembership: (userId: string) => Promise<void>;
  loadHistory: () => Promise<void>;
}

const PLAN = slot<PaymentsState, 'plan'>('plan', null);
const SESSION = slot<PaymentsState, 'session'>('session', null);
const MEMBERSHIP = slot<PaymentsState, 'membership'>('membership', null);
const HISTORY = slot<PaymentsState, 'history'>('history', []);

export const usePaymentsStore = create<PaymentsState>()((set, get) => {
  const { load, put } = createLoader(set, get);
  const act = createAction<PaymentsState>(set);

  /** Reading again what is already shown refreshes it in place; anything else starts from empty. */
  const read = <T>(lens: Lens<PaymentsState, T | null>, key: string, value: () => Promise<T | null>) => {
    const current = lens.read(get());
    if (current.key !== key || current.status !== 'succeeded') set({ actionError: null });
    return load(lens, key, value, { quiet: true });
  };

  return {
    plan: emptySlot(null),
    session: emptySlot(null),
    membership: emptySlot(null),
    history: emptySlot([]),
    busy: false,
    actionError: null,
    loadPlan: (id) => read(PLAN, id, () => api.getPlan(id)),
    startCheckout: (userId, planId) => act(() => api.createCheckout(userId, planId)),
    loadSession: (sessionId) => read(SESSION, sessionId, () => api.getCheckoutSession(sessionId)),
    confirm: async (sessionId, userId, options) =>
      (await act(async () => {
        const { membresia } = await api.confirmDemoCheckout(sessionId, options);
        // The server's answer is the membership now: the success page shows it at once.
        if (userId) put(MEMBERSHIP, userId, membresia);
        return true;
      })) ?? false,
    cancel: async (sessionId) => (await act(() => api.cancelDemoCheckout(sessionId).then(() => true))) ?? false,
    loadMembership: (userId) => read(MEMBERSHIP, userId, async () => (await api.getUser(userId)).membresia ?? null),
    loadHistory: () =>
      load(HISTORY, null, async () => (await api.getMyPayments()).filter((p) => p.status !== 'pending')),
  };
});
