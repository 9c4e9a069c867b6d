import { create } from 'zustand';
import type { PlanDto } from '@pulso/shared';
import { mutate, type Outcome } from '../../lib/mutation';
import { createLoader, emptyList, listOf, type ListState } from '../../lib/resource';
import * as plansApi from './api/plans-admin';
import type { PlanFields } from './api/plans-admin';

/** The server's order: cheapest first, then by name. */
const byPrice = (a: PlanDto, b: PlanDto) => a.price - b.price || a.name.localeCompare(b.name, 'es');

interface PlansAdminState extends ListState<PlanDto> {
  /** Every plan, retired ones included. */
  fetchPlans: () => Promise<void>;
  createPlan: (fields: PlanFields) => Promise<Outcome<PlanDto>>;
  updatePlan: (id: string, fields: PlanFields) => Promise<Outcome<PlanDto>>;
  deletePlan: (id: string) => Promise<Outcome>;
  restorePlan: (id: string) => Promise<Outcome>;
}

const LIST = listOf<PlansAdminState>();

/**
 * The spec's memberships store for the dashboard: the plan list and its changes. Each change updates
 * the list in place, so the screens never reload it to show the result.
 */
export const usePlansAdminStore = create<PlansAdminState>()((set, get) => {
  const { load } = createLoader(set, get);
  /** Sets one plan's retirement date (null: on sale). */
  const retire = (id: string, deletedAt: string | null) =>
    set((s) => ({ items: s.items.map((p) => (p.id === id ? { ...p, deletedAt } : p)) }));
  /** A plan the server saved, put in the list in the server's order. */
  const saved = (plan: PlanDto) => {
    const value = { ...plan, deletedAt: null };
    set((s) => ({ items: [...s.items.filter((p) => p.id !== plan.id), value].sort(byPrice) }));
    return value;
  };
  return {
    ...emptyList<PlanDto>(),
    fetchPlans: () => load(LIST, null, plansApi.getAllPlans),
    createPlan: (fields) =>
      mutate(async () => {
        const { message, plan } = await plansApi.createPlan(fields);
        return { message, value: saved(plan) };
      }),
    updatePlan: (id, fields) =>
      mutate(async () => {
        const { message, plan } = await plansApi.updatePlan(id, fields);
        return { message, value: saved(plan) };
      }),
    deletePlan: (id) =>
      mutate(async () => {
        const message = await plansApi.deletePlan(id);
        retire(id, new Date().toISOString());
        return message;
      }),
    restorePlan: (id) =>
      mutate(async () => {
        const message = await plansApi.restorePlan(id);
        retire(id, null);
        return message;
      }),
  };
});
