import { create } from 'zustand';
import {
  DEFAULT_USER_QUERY,
  type ContactMessageDto,
  type MemberAttendanceDto,
  type PaymentDto,
  type PlanDto,
  type UserQuery,
} from '@pulso/shared';
import { mutate, type Outcome } from '../../lib/mutation';
import { createLoader, emptySlot, slot, type Slot } from '../../lib/resource';
import * as usersApi from './api/users-admin';
import type { UserFormBody, UserPage } from './api/users-admin';

/** Rows per page of the user tables; the API takes page and limit (at most 200). */
export const USERS_PAGE_SIZE = 20;

/** A page of a user table, with which page it is (1-based). */
export interface UserList extends UserPage {
  page: number;
}

interface UsersAdminState {
  /** The page of active users on screen; a new page replaces it when it arrives. */
  users: Slot<UserList>;
  suspended: Slot<UserList>;
  messages: Slot<ContactMessageDto[]>;
  plans: Slot<PlanDto[]>;
  /** The attendance of the user open in the edit popup, keyed by their id. */
  attendance: Slot<MemberAttendanceDto | null>;
  fetchAttendance: (userId: string) => Promise<void>;
  /** What the active users' list is searched, filtered and sorted by (the default: the spec's list). */
  usersQuery: UserQuery;
  /** A new search, filter or sort: its first page is loaded. */
  setUsersQuery: (query: UserQuery) => Promise<void>;
  /** Loads a page of active users (the current one when no page is given), as `usersQuery` asks. */
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
  grantPlan: (userId: string, planId: string) => Promise<Outcome<PaymentDto>>;
}

const FIRST_PAGE: UserList = { items: [], total: 0, page: 1 };
const USERS = slot<UsersAdminState, 'users'>('users', FIRST_PAGE);
const SUSPENDED = slot<UsersAdminState, 'suspended'>('suspended', FIRST_PAGE);
const MESSAGES = slot<UsersAdminState, 'messages'>('messages', []);
const PLANS = slot<UsersAdminState, 'plans'>('plans', []);
const ATTENDANCE = slot<UsersAdminState, 'attendance'>('attendance', null);

/** A page of a list; when its last rows were removed (the page is past the end now), the last page. */
async function readPage(
  read: (page: number, limit: number) => Promise<UserPage>,
  requested: number,
): Promise<UserList> {
  const found = await read(requested, USERS_PAGE_SIZE);
  const lastPage = Math.max(1, Math.ceil(found.total / USERS_PAGE_SIZE));
  if (found.items.length > 0 || requested <= lastPage) return { ...found, page: requested };
  return { ...(await read(lastPage, USERS_PAGE_SIZE)), page: lastPage };
}

/** The users store of the spec, for the admin screens: users, suspended users, contact messages. */
export const useUsersAdminStore = create<UsersAdminState>()((set, get) => {
  const { load } = createLoader(set, get);
  return {
    users: emptySlot(FIRST_PAGE),
    suspended: emptySlot(FIRST_PAGE),
    messages: emptySlot([]),
    plans: emptySlot([]),
    attendance: emptySlot(null),

    usersQuery: DEFAULT_USER_QUERY,
    setUsersQuery: (query) => {
      set({ usersQuery: query });
      return get().fetchUsers(1);
    },
    fetchUsers: (page) => {
      const query = get().usersQuery;
      return load(USERS, null, () =>
        readPage((p, limit) => usersApi.getUsers(p, limit, query), Math.max(1, page ?? get().users.value.page)),
      );
    },
    fetchSuspended: (page) =>
      load(SUSPENDED, null, () =>
        readPage(usersApi.getSuspendedUsers, Math.max(1, page ?? get().suspended.value.page)),
      ),
    fetchMessages: () => load(MESSAGES, null, usersApi.getContactMessages),
    fetchPlans: () => load(PLANS, null, usersApi.getPlans),
    fetchAttendance: (userId) => load(ATTENDANCE, userId, () => usersApi.getAttendance(userId)),

    createUser: (body) => mutate(async () => (await usersApi.createUser(body)).message),
    // Each change below is followed by a new read of the list it changed.
    updateUser: (id, body) =>
      mutate(async () => {
        const { message } = await usersApi.updateUser(id, body);
        void get().fetchUsers();
        return message;
      }),
    deleteUser: (id) =>
      mutate(async () => {
        const message = await usersApi.deleteUser(id);
        void get().fetchUsers();
        return message;
      }),
    restoreUser: (id) =>
      mutate(async () => {
        const message = await usersApi.restoreUser(id);
        void get().fetchSuspended();
        return message;
      }),
    grantPlan: (userId, planId) =>
      mutate(async () => {
        const { message, payment } = await usersApi.grantPlan(userId, planId);
        void get().fetchUsers();
        return { message, value: payment };
      }),
  };
});
