import { create } from 'zustand';
import type { CheckoutSessionDto, LoadStatus, MembershipDto, PlanDto } from '@pulso/shared';
import { errorMessage, errorStatus } from '../../lib/api-client';
import * as api from './api/payments';

interface PaymentsState {
  plan: PlanDto | null;
  session: CheckoutSessionDto | null;
  membership: MembershipDto | null;
  status: LoadStatus;
  error: string | null;
  /** The last load failed because the plan or session does not exist (or the id is malformed). */
  notFound: boolean;
  /** A payment action (checkout, Pagar, Cancelar) is in flight. */
  busy: boolean;
  loadPlan: (id: string) => Promise<void>;
  startCheckout: (userId: string, planId: string) => Promise<string | null>;
  loadSession: (sessionId: string) => Promise<void>;
  confirm: (sessionId: string) => Promise<boolean>;
  cancel: (sessionId: string) => Promise<boolean>;
  loadMembership: (userId: string) => Promise<void>;
}

export const usePaymentsStore = create<PaymentsState>()((set) => {
  const load = async (run: () => Promise<Partial<PaymentsState>>) => {
    set({ status: 'loading', error: null, notFound: false });
    try {
      set({ ...(await run()), status: 'succeeded' });
    } catch (error) {
      const status = errorStatus(error);
      set({ status: 'failed', error: errorMessage(error), notFound: status === 404 || status === 400 });
    }
  };
  const act = async <T>(run: () => Promise<T>): Promise<T | null> => {
    set({ busy: true, error: null });
    try {
      return await run();
    } catch (error) {
      set({ error: errorMessage(error) });
      return null;
    } finally {
      set({ busy: false });
    }
  };
  return {
    plan: null,
    session: null,
    membership: null,
    status: 'idle',
    error: null,
    notFound: false,
    busy: false,
    loadPlan: (id) => load(async () => ({ plan: await api.getPlan(id) })),
    startCheckout: (userId, planId) => act(() => api.createCheckout(userId, planId)),
    loadSession: (sessionId) => load(async () => ({ session: await api.getCheckoutSession(sessionId) })),
    confirm: async (sessionId) =>
      (await act(async () => {
        const { membresia } = await api.confirmDemoCheckout(sessionId);
        set({ membership: membresia });
        return true;
      })) ?? false,
    cancel: async (sessionId) => (await act(() => api.cancelDemoCheckout(sessionId).then(() => true))) ?? false,
    loadMembership: (userId) => load(async () => ({ membership: (await api.getUser(userId)).membresia })),
  };
});
