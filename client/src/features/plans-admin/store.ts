import { AxiosError } from 'axios';
import { create } from 'zustand';
import { fieldErrorsOf, isApiErrorBody, type FieldErrors, type LoadStatus, type PlanDto } from '@pulso/shared';
import { errorMessage } from '../../lib/api-client';
import { createPlan, deletePlan, getAllPlans, restorePlan, updatePlan, type PlanFields } from './api/plans-admin';

/** The outcome of a change: the server's Spanish message, and on failure its per-field messages. */
export type PlanActionResult =
  { ok: true; message: string; plan?: PlanDto } | { ok: false; message: string; fieldErrors: FieldErrors };

function failure(error: unknown): PlanActionResult {
  const body: unknown = error instanceof AxiosError ? error.response?.data : null;
  return { ok: false, message: errorMessage(error), fieldErrors: isApiErrorBody(body) ? fieldErrorsOf(body) : {} };
}

/** The server's order: cheapest first, then by name. */
const byPrice = (a: PlanDto, b: PlanDto) => a.price - b.price || a.name.localeCompare(b.name, 'es');

interface PlansAdminState {
  /** Every plan, retired ones included. */
  items: PlanDto[];
  status: LoadStatus;
  error: string | null;
  fetchPlans: () => Promise<void>;
  createPlan: (fields: PlanFields) => Promise<PlanActionResult>;
  updatePlan: (id: string, fields: PlanFields) => Promise<PlanActionResult>;
  deletePlan: (id: string) => Promise<PlanActionResult>;
  restorePlan: (id: string) => Promise<PlanActionResult>;
}

/**
 * The spec's memberships store for the dashboard: the plan list and its changes. Each change updates
 * the list in place, so the screens never reload it to show the result.
 */
export const usePlansAdminStore = create<PlansAdminState>()((set) => ({
  items: [],
  status: 'idle',
  error: null,
  fetchPlans: async () => {
    set({ status: 'loading', error: null });
    try {
      set({ items: await getAllPlans(), status: 'succeeded' });
    } catch (error) {
      set({ status: 'failed', error: errorMessage(error) });
    }
  },
  createPlan: async (fields) => {
    try {
      const { message, plan } = await createPlan(fields);
      const saved = { ...plan, deletedAt: null };
      set((s) => ({ items: [...s.items.filter((p) => p.id !== plan.id), saved].sort(byPrice) }));
      return { ok: true, message, plan: saved };
    } catch (error) {
      return failure(error);
    }
  },
  updatePlan: async (id, fields) => {
    try {
      const { message, plan } = await updatePlan(id, fields);
      const saved = { ...plan, deletedAt: null };
      set((s) => ({ items: s.items.map((p) => (p.id === id ? saved : p)).sort(byPrice) }));
      return { ok: true, message, plan: saved };
    } catch (error) {
      return failure(error);
    }
  },
  deletePlan: async (id) => {
    try {
      const message = await deletePlan(id);
      const now = new Date().toISOString();
      set((s) => ({ items: s.items.map((p) => (p.id === id ? { ...p, deletedAt: now } : p)) }));
      return { ok: true, message };
    } catch (error) {
      return failure(error);
    }
  },
  restorePlan: async (id) => {
    try {
      const message = await restorePlan(id);
      set((s) => ({ items: s.items.map((p) => (p.id === id ? { ...p, deletedAt: null } : p)) }));
      return { ok: true, message };
    } catch (error) {
      return failure(error);
    }
  },
}));
