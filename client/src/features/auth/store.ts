import { create } from 'zustand';
import { TOKEN_STORAGE_KEY, userRole, type LoadStatus, type UserDto, type UserRole } from '@pulso/shared';
import { failureOf } from '../../lib/api-client';
import { getUser } from './api/auth';

interface TokenClaims {
  id: string;
  isAdmin: boolean;
  exp?: number;
}

/**
 * Reads the claims of the stored token. Only the interface uses them (which links to show); the
 * server checks the token and re-reads the user on every call.
 */
export function readClaims(token: string | null): TokenClaims | null {
  if (!token) return null;
  try {
    const payload = token.split('.')[1];
    if (!payload) return null;
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const claims = JSON.parse(json) as Partial<TokenClaims>;
    if (typeof claims.id !== 'string') return null;
    if (typeof claims.exp === 'number' && claims.exp * 1000 < Date.now()) return null;
    return { id: claims.id, isAdmin: claims.isAdmin === true, exp: claims.exp };
  } catch {
    return null;
  }
}

interface AuthState {
  token: string | null;
  userId: string | null;
  isAdmin: boolean;
  /**
   * The role the dashboard shows its sections by (shared `DASHBOARD_SECTIONS`): from the token until
   * the user is read ('admin' or 'member'), then from the account (a sede manager, the front desk).
   */
  role: UserRole;
  /** The membership-active flag, set from the loaded user's membership. */
  isActive: boolean;
  /** The signed-in user as the server sees them (name, membership, classes). */
  user: UserDto | null;
  status: LoadStatus;
  error: string | null;
  /**
   * The visitor signed out themselves and is on the way to the page they were sent to: pages for
   * signed-in users then stand aside instead of treating it as a session that ran out (which sends
   * to /login with a way back). Cleared once the next page is shown, or by a new session.
   */
  signingOut: boolean;
  /**
   * Why the server ended the session, in its words (a suspended account, a session that expired),
   * for the sign-in page to say; null after a sign-out of one's own or a new session.
   */
  sessionEnded: string | null;
  setToken: (token: string) => void;
  setActive: (active: boolean) => void;
  /** Loads (or reloads) the signed-in user; a session the server refuses is ended. */
  loadUser: () => Promise<void>;
  /** Stores a new session's token and loads its user. */
  signIn: (token: string) => Promise<void>;
  logout: () => void;
  /** The visitor's own 'Cerrar sesión': logout, marked as chosen (see `signingOut`). */
  signOut: () => void;
  /** The page after a sign-out is shown: protected pages redirect as usual again. */
  finishSignOut: () => void;
}

function fromStorage(): Pick<AuthState, 'token' | 'userId' | 'isAdmin' | 'role'> {
  const token = localStorage.getItem(TOKEN_STORAGE_KEY);
  const claims = readClaims(token);
  if (!claims) return { token: null, userId: null, isAdmin: false, role: 'member' };
  return { token, userId: claims.id, isAdmin: claims.isAdmin, role: claims.isAdmin ? 'admin' : 'member' };
}

const SIGNED_OUT = {
  token: null,
  userId: null,
  isAdmin: false,
  role: 'member',
  isActive: false,
  user: null,
  status: 'idle',
  error: null,
  signingOut: false,
  sessionEnded: null,
} as const;

/**
 * Whether to offer plans: not to an active member, and not to a signed-in user
 * while their membership is still being read, so a member never sees the offer flash by.
 */
export function selectOffersPlans(s: Pick<AuthState, 'token' | 'status' | 'isActive'>): boolean {
  if (s.isActive) return false;
  return !s.token || s.status === 'succeeded' || s.status === 'failed';
}

export const useAuthStore = create<AuthState>()((set, get) => ({
  ...fromStorage(),
  isActive: false,
  user: null,
  status: 'idle',
  error: null,
  signingOut: false,
  sessionEnded: null,
  setToken: (token) => {
    localStorage.setItem(TOKEN_STORAGE_KEY, token);
    set({ ...fromStorage(), user: null, status: 'idle', error: null, signingOut: false, sessionEnded: null });
  },
  setActive: (active) => set({ isActive: active }),
  // Read by hand rather than through lib/resource: its answer also sets the session's flags, a
  // session the server refuses ends here, and a sign-out (a new token) drops a late answer.
  loadUser: async () => {
    const { userId, token } = get();
    if (!userId || !token) return;
    set({ status: 'loading', error: null });
    try {
      const user = await getUser(userId);
      if (get().token !== token) return; // signed out or switched meanwhile
      set({
        user,
        status: 'succeeded',
        isActive: user.membresia?.status === 'Activo',
        isAdmin: user.isAdmin,
        role: userRole(user),
      });
    } catch (error) {
      if (get().token !== token) return;
      const { status, message } = failureOf(error);
      if (status === 401 || status === 404) {
        get().logout();
        if (status === 401) set({ sessionEnded: message });
        return;
      }
      set({ status: 'failed', error: message });
    }
  },
  signIn: async (token) => {
    get().setToken(token);
    await get().loadUser();
  },
  /** Removes the stored token and clears the membership flag. */
  logout: () => {
    localStorage.removeItem(TOKEN_STORAGE_KEY);
    set(SIGNED_OUT);
  },
  signOut: () => {
    get().logout();
    set({ signingOut: true });
  },
  finishSignOut: () => {
    if (get().signingOut) set({ signingOut: false });
  },
}));
