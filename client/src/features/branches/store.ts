import { create } from 'zustand';
import type { BranchDto } from '@pulso/shared';
import { createLoader, emptyList, emptySlot, listOf, slot, type ListState, type Slot } from '../../lib/resource';
import { getBranch, getBranches } from './api/branches';

interface BranchesState extends ListState<BranchDto> {
  /** The sede of /sedes/detalles/{id}. */
  detail: Slot<BranchDto | null>;
  fetchBranches: () => Promise<void>;
  fetchBranch: (id: string) => Promise<void>;
}

const LIST = listOf<BranchesState>();
const DETAIL = slot<BranchesState, 'detail'>('detail', null);

/** The public branches store (the spec's offices store): the branch list of /sedes and the branch being looked at. */
export const useBranchesStore = create<BranchesState>()((set, get) => {
  const { load } = createLoader(set, get);
  return {
    ...emptyList<BranchDto>(),
    detail: emptySlot(null),
    fetchBranches: () => load(LIST, null, getBranches),
    fetchBranch: (id) => load(DETAIL, id, () => getBranch(id)),
  };
});
