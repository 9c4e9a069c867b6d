import { AxiosError } from 'axios';
import { create } from 'zustand';
import {
  ERROR_CODES,
  fieldErrorsOf,
  isApiErrorBody,
  type FieldErrors,
  type LoadStatus,
  type PaymentDto,
  type PlanDto,
  type UserListItemDto,
} from '@pulso/shared';
import { errorMessage } from '../../lib/api-client';
import * as usersApi from './api/users-admin';
import type { ContactMessageDto } from '@pulso/shared';
import type { UserFormBody, UserPage } from './api/users-admin';

/** Rows per page of the user tables; the API takes page and limit (at most 200). */
export const USERS_PAGE_SIZE = 20;

export interface UserList {
  items: UserListItemDto[];
  total: number;
  /** 1-based page on screen. */
  page: number;
  status: LoadStatus;
  error: string | null;
}

/** The result of a change: the server's own message either way, and its per-field messages on failure. */
export type Outcome =
  { ok: true; message: string; payment?: PaymentDto } | { ok: false; message: string; fieldErrors: FieldErrors };

interface UsersAdminState {
  users: UserList;
  suspended: UserList;
  messages: { items: ContactMessageDto[]; status: LoadStatus; error: string | null };
  plans: { items: PlanDto[]; status: LoadStatus; error: string | null };
  /** Loads a page of active users (the current one when no page is given). */
  fetchUsers: (page?: number) => Promise<void>;
  fetchSuspended: (page?: number) => Promise<void>;
  fetchMessages: () => Promise<void>;
  fetchPlans: () => Promise<void>;
  createUser: (body: UserFormBody) => Promise<Outcome>;
  /** Saves the edit popup, then reloads the users list. */
  updateUser: (id: string, body: UserFormBody) => Promise<Outcome>;
  /** Suspends the account, then reloads the users list. */
  deleteUser: (id: string) => Promise<Outcome>;
  /** Restores a suspended account, then reloads the suspended list. */
  restoreUser: (id: string) => Promise<Outcome>;
  /** Records a front-desk payment for the plan, then reloads the users list (membership status). */
  grantPlan: (userId: string, planId: string) => Promise<Outcome>;
}

const emptyList = (): UserList => ({ items: [], total: 0, page: 1, status: 'idle', error: null });

function failure(error: unknown): Outcome {
  const body: unknown = error instanceof AxiosError ? error.response?.data : null;
  if (!isApiErrorBody(body)) return { ok: false, message: errorMessage(error), fieldErrors: {} };
  // A taken e-mail has no field details: it still belongs under the e-mail field (SPEC §5).
  const fieldErrors = body.code === ERROR_CODES.EMAIL_TAKEN ? { email: body.message } : fieldErrorsOf(body);
  return { ok: false, message: body.message, fieldErrors };
}

/** Each list remembers its latest request, so a slow answer for an older page never wins. */
const latest = { users: 0, suspended: 0 };

/** The users store of the spec (SPEC §3), for the admin screens: users, suspended users, contact messages. */
export const useUsersAdminStore = create<UsersAdminState>()((set, get) => {
  async function loadList(
    key: 'users' | 'suspended',
    load: (page: number, limit: number) => Promise<UserPage>,
    requested?: number,
  ): Promise<void> {
    const page = Math.max(1, requested ?? get()[key].page);
    const ticket = ++latest[key];
    set((s) => ({ [key]: { ...s[key], page, status: 'loading', error: null } }));
    try {
      const { items, total } = await load(page, USERS_PAGE_SIZE);
      if (ticket !== latest[key]) return;
      const lastPage = Math.max(1, Math.ceil(total / USERS_PAGE_SIZE));
      // The last row of the last page was removed: show the page before it.
      if (items.length === 0 && page > lastPage) return loadList(key, load, lastPage);
      set({ [key]: { items, total, page, status: 'succeeded', error: null } });
    } catch (error) {
      if (ticket !== latest[key]) return;
      set((s) => ({ [key]: { ...s[key], status: 'failed', error: errorMessage(error) } }));
    }
  }

  return {
    users: emptyList(),
    suspended: emptyList(),
    messages: { items: [], status: 'idle', error: null },
    plans: { items: [], status: 'idle', error: null },

    fetchUsers: (page) => loadList('users', usersApi.getUsers, page),
    fetchSuspended: (page) => loadList('suspended', usersApi.getSuspendedUsers, page),

    fetchMessages: async () => {
      set((s) => ({ messages: { ...s.messages, status: 'loading', error: null } }));
      try {
        set({ messages: { items: await usersApi.getContactMessages(), status: 'succeeded', error: null } });
      } catch (error) {
        set((s) => ({ messages: { ...s.messages, status: 'failed', error: errorMessage(error) } }));
      }
    },

    fetchPlans: async () => {
      set((s) => ({ plans: { ...s.plans, status: 'loading', error: null } }));
      try {
        set({ plans: { items: await usersApi.getPlans(), status: 'succeeded', error: null } });
      } catch (error) {
        set((s) => ({ plans: { ...s.plans, status: 'failed', error: errorMessage(error) } }));
      }
    },

    createUser: async (body) => {
      try {
        const { message } = await usersApi.createUser(body);
        return { ok: true, message };
      } catch (error) {
        return failure(error);
      }
    },

    updateUser: async (id, body) => {
      try {
        const { message } = await usersApi.updateUser(id, body);
        void get().fetchUsers();
        return { ok: true, message };
      } catch (error) {
        return failure(error);
      }
    },

    deleteUser: async (id) => {
      try {
        const message = await usersApi.deleteUser(id);
        void get().fetchUsers();
        return { ok: true, message };
      } catch (error) {
        return failure(error);
      }
    },

    restoreUser: async (id) => {
      try {
        const message = await usersApi.restoreUser(id);
        void get().fetchSuspended();
        return { ok: true, message };
      } catch (error) {
        return failure(error);
      }
    },

    grantPlan: async (userId, planId) => {
      try {
        const { message, payment } = await usersApi.grantPlan(userId, planId);
        void get().fetchUsers();
        return { ok: true, message, payment };
      } catch (error) {
        return failure(error);
      }
    },
  };
});
