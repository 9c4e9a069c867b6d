import { create } from 'zustand';
import type { BranchDto } from '@pulso/shared';
import { createLoader, emptyList, emptySlot, listOf, slot, type ListState, type Slot } from '../../lib/resource';
import { getBranch, getBranches } from './api/branches';

interface OfficesState extends ListState<BranchDto> {
  /** The sede of /sedes/detalles/{id}. */
  detail: Slot<BranchDto | null>;
  fetchOffices: () => Promise<void>;
  fetchOffice: (id: string) => Promise<void>;
}

const LIST = listOf<OfficesState>();
const DETAIL = slot<OfficesState, 'detail'>('detail', null);

/** The spec's offices store: the sede list of /sedes and the sede being looked at. */
export const useOfficesStore = create<OfficesState>()((set, get) => {
  const { load } = createLoader(set, get);
  return {
    ...emptyList<BranchDto>(),
    detail: emptySlot(null),
    fetchOffices: () => load(LIST, null, getBranches),
    fetchOffice: (id) => load(DETAIL, id, () => getBranch(id)),
  };
});
