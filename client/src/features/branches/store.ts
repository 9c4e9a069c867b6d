import { AxiosError } from 'axios';
import { create } from 'zustand';
import { ERROR_CODES, isApiErrorBody, type BranchDto, type LoadStatus } from '@pulso/shared';
import { errorMessage } from '../../lib/api-client';
import { getBranch, getBranches } from './api/branches';

interface OfficesState {
  /** The list of /sedes. */
  items: BranchDto[];
  status: LoadStatus;
  error: string | null;
  /** The sede of /sedes/detalles/{id}, with its own load state. */
  detailId: string | null;
  detail: BranchDto | null;
  detailStatus: LoadStatus;
  detailError: string | null;
  /** The id is malformed or no sede has it (a 400 INVALID_ID or 404 from the API). */
  detailNotFound: boolean;
  fetchOffices: () => Promise<void>;
  fetchOffice: (id: string) => Promise<void>;
}

function isNotFound(error: unknown): boolean {
  if (!(error instanceof AxiosError)) return false;
  const body: unknown = error.response?.data;
  return isApiErrorBody(body) && (body.code === ERROR_CODES.NOT_FOUND || body.code === ERROR_CODES.INVALID_ID);
}

/** The spec's offices store: the sede list and the sede being looked at. */
export const useOfficesStore = create<OfficesState>()((set, get) => ({
  items: [],
  status: 'idle',
  error: null,
  detailId: null,
  detail: null,
  detailStatus: 'idle',
  detailError: null,
  detailNotFound: false,
  fetchOffices: async () => {
    set({ status: 'loading', error: null });
    try {
      set({ items: await getBranches(), status: 'succeeded' });
    } catch (error) {
      set({ status: 'failed', error: errorMessage(error) });
    }
  },
  fetchOffice: async (id) => {
    set({ detailId: id, detail: null, detailStatus: 'loading', detailError: null, detailNotFound: false });
    try {
      const branch = await getBranch(id);
      // A later visit to another sede wins over a slow answer for this one.
      if (get().detailId === id) set({ detail: branch, detailStatus: 'succeeded' });
    } catch (error) {
      if (get().detailId === id)
        set({ detailStatus: 'failed', detailError: errorMessage(error), detailNotFound: isNotFound(error) });
    }
  },
}));
