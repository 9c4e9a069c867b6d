import { create } from 'zustand';
import type { BranchDto } from '@pulso/shared';
import { mutate, type Outcome } from '../../lib/mutation';
import { createLoader, emptyList, emptySlot, listOf, slot, type ListState, type Slot } from '../../lib/resource';
import * as branchesApi from './api/branches-dashboard';
import type { BranchFields } from './api/branches-dashboard';

/** The list is kept in the server's order: by name. */
const byName = (a: BranchDto, b: BranchDto) => a.name.localeCompare(b.name, 'es');

interface BranchesDashboardState extends ListState<BranchDto> {
  /** The sede of /dashboard/sedes/editar/{id}. */
  current: Slot<BranchDto | null>;
  fetchBranches: () => Promise<void>;
  fetchBranch: (id: string) => Promise<void>;
  createBranch: (fields: BranchFields, image: File) => Promise<Outcome<BranchDto>>;
  updateBranch: (id: string, fields: BranchFields, image: File | null) => Promise<Outcome<BranchDto>>;
  deleteBranch: (id: string) => Promise<Outcome>;
}

const LIST = listOf<BranchesDashboardState>();
const CURRENT = slot<BranchesDashboardState, 'current'>('current', null);

/**
 * The admin's branches store (the spec's officesDashboard): the branch list and the branch being edited. Each
 * change updates the list in place, so the screens never reload it to show the result.
 */
export const useBranchesDashboardStore = create<BranchesDashboardState>()((set, get) => {
  const { load } = createLoader(set, get);
  return {
    ...emptyList<BranchDto>(),
    current: emptySlot(null),
    fetchBranches: () => load(LIST, null, branchesApi.getBranches),
    fetchBranch: (id) => load(CURRENT, id, () => branchesApi.getBranch(id)),
    createBranch: (fields, image) =>
      mutate(async () => {
        const { message, branchoffice: branch } = await branchesApi.createBranch(fields, image);
        set((s) => ({ items: [...s.items.filter((o) => o.id !== branch.id), branch].sort(byName) }));
        return { message, value: branch };
      }),
    updateBranch: (id, fields, image) =>
      mutate(async () => {
        const { message, branchoffice: branch } = await branchesApi.updateBranch(id, fields, image);
        set((s) => ({
          items: s.items.map((o) => (o.id === id ? branch : o)).sort(byName),
          current: s.current.key === id ? { ...s.current, value: branch } : s.current,
        }));
        return { message, value: branch };
      }),
    deleteBranch: (id) =>
      mutate(async () => {
        const message = await branchesApi.deleteBranch(id);
        // The edit screen keeps showing `current` under its result modal until it goes back to the list.
        set((s) => ({ items: s.items.filter((o) => o.id !== id) }));
        return message;
      }),
  };
});
