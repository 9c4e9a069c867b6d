import { AxiosError } from 'axios';
import { create } from 'zustand';
import { fieldErrorsOf, isApiErrorBody, type BranchDto, type FieldErrors, type LoadStatus } from '@pulso/shared';
import { errorMessage } from '../../lib/api-client';
import {
  createOffice,
  deleteOffice,
  getOffice,
  getOffices,
  updateOffice,
  type OfficeFields,
} from './api/offices-dashboard';

/** The outcome of a change: the server's Spanish message, and on failure its per-field messages. */
export type OfficeActionResult =
  { ok: true; message: string; office?: BranchDto } | { ok: false; message: string; fieldErrors: FieldErrors };

function failure(error: unknown): OfficeActionResult {
  const body: unknown = error instanceof AxiosError ? error.response?.data : null;
  return { ok: false, message: errorMessage(error), fieldErrors: isApiErrorBody(body) ? fieldErrorsOf(body) : {} };
}

/** The list is kept in the server's order: by name. */
const byName = (a: BranchDto, b: BranchDto) => a.name.localeCompare(b.name, 'es');

interface OfficesDashboardState {
  /** Every sede of /dashboard/sedes. */
  items: BranchDto[];
  status: LoadStatus;
  error: string | null;
  /** The sede of /dashboard/sedes/editar/{id}, with its own load state. */
  currentId: string | null;
  current: BranchDto | null;
  currentStatus: LoadStatus;
  currentError: string | null;
  fetchOffices: () => Promise<void>;
  fetchOffice: (id: string) => Promise<void>;
  createOffice: (fields: OfficeFields, image: File) => Promise<OfficeActionResult>;
  updateOffice: (id: string, fields: OfficeFields, image: File | null) => Promise<OfficeActionResult>;
  deleteOffice: (id: string) => Promise<OfficeActionResult>;
}

/**
 * The spec's officesDashboard store (SPEC §3): the admin's sede list and the sede being edited. Each
 * change updates the list in place, so the screens never reload it to show the result.
 */
export const useOfficesDashboardStore = create<OfficesDashboardState>()((set, get) => ({
  items: [],
  status: 'idle',
  error: null,
  currentId: null,
  current: null,
  currentStatus: 'idle',
  currentError: null,
  fetchOffices: async () => {
    set({ status: 'loading', error: null });
    try {
      set({ items: await getOffices(), status: 'succeeded' });
    } catch (error) {
      set({ status: 'failed', error: errorMessage(error) });
    }
  },
  fetchOffice: async (id) => {
    set({ currentId: id, current: null, currentStatus: 'loading', currentError: null });
    try {
      const office = await getOffice(id);
      // A later visit to another sede wins over a slow answer for this one.
      if (get().currentId === id) set({ current: office, currentStatus: 'succeeded' });
    } catch (error) {
      if (get().currentId === id) set({ currentStatus: 'failed', currentError: errorMessage(error) });
    }
  },
  createOffice: async (fields, image) => {
    try {
      const { message, branchoffice } = await createOffice(fields, image);
      set((s) => ({ items: [...s.items.filter((o) => o.id !== branchoffice.id), branchoffice].sort(byName) }));
      return { ok: true, message, office: branchoffice };
    } catch (error) {
      return failure(error);
    }
  },
  updateOffice: async (id, fields, image) => {
    try {
      const { message, branchoffice } = await updateOffice(id, fields, image);
      set((s) => ({
        items: s.items.map((o) => (o.id === id ? branchoffice : o)).sort(byName),
        current: s.currentId === id ? branchoffice : s.current,
      }));
      return { ok: true, message, office: branchoffice };
    } catch (error) {
      return failure(error);
    }
  },
  deleteOffice: async (id) => {
    try {
      const message = await deleteOffice(id);
      // The edit screen keeps showing `current` under its result modal until it goes back to the list.
      set((s) => ({ items: s.items.filter((o) => o.id !== id) }));
      return { ok: true, message };
    } catch (error) {
      return failure(error);
    }
  },
}));
