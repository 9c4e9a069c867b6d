import { create } from 'zustand';
import type { BranchDto } from '@pulso/shared';
import { mutate, type Outcome } from '../../lib/mutation';
import { createLoader, emptyList, emptySlot, listOf, slot, type ListState, type Slot } from '../../lib/resource';
import * as officesApi from './api/offices-dashboard';
import type { OfficeFields } from './api/offices-dashboard';

/** The list is kept in the server's order: by name. */
const byName = (a: BranchDto, b: BranchDto) => a.name.localeCompare(b.name, 'es');

interface OfficesDashboardState extends ListState<BranchDto> {
  /** The sede of /dashboard/sedes/editar/{id}. */
  current: Slot<BranchDto | null>;
  fetchOffices: () => Promise<void>;
  fetchOffice: (id: string) => Promise<void>;
  createOffice: (fields: OfficeFields, image: File) => Promise<Outcome<BranchDto>>;
  updateOffice: (id: string, fields: OfficeFields, image: File | null) => Promise<Outcome<BranchDto>>;
  deleteOffice: (id: string) => Promise<Outcome>;
}

const LIST = listOf<OfficesDashboardState>();
const CURRENT = slot<OfficesDashboardState, 'current'>('current', null);

/**
 * The spec's officesDashboard store: the admin's sede list and the sede being edited. Each
 * change updates the list in place, so the screens never reload it to show the result.
 */
export const useOfficesDashboardStore = create<OfficesDashboardState>()((set, get) => {
  const { load } = createLoader(set, get);
  return {
    ...emptyList<BranchDto>(),
    current: emptySlot(null),
    fetchOffices: () => load(LIST, null, officesApi.getOffices),
    fetchOffice: (id) => load(CURRENT, id, () => officesApi.getOffice(id)),
    createOffice: (fields, image) =>
      mutate(async () => {
        const { message, branchoffice } = await officesApi.createOffice(fields, image);
        set((s) => ({ items: [...s.items.filter((o) => o.id !== branchoffice.id), branchoffice].sort(byName) }));
        return { message, value: branchoffice };
      }),
    updateOffice: (id, fields, image) =>
      mutate(async () => {
        const { message, branchoffice } = await officesApi.updateOffice(id, fields, image);
        set((s) => ({
          items: s.items.map((o) => (o.id === id ? branchoffice : o)).sort(byName),
          current: s.current.key === id ? { ...s.current, value: branchoffice } : s.current,
        }));
        return { message, value: branchoffice };
      }),
    deleteOffice: (id) =>
      mutate(async () => {
        const message = await officesApi.deleteOffice(id);
        // The edit screen keeps showing `current` under its result modal until it goes back to the list.
        set((s) => ({ items: s.items.filter((o) => o.id !== id) }));
        return message;
      }),
  };
});
