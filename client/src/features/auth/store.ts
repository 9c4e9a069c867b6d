import { create } from 'zustand';
import { TOKEN_STORAGE_KEY } from '@pulso/shared';

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
  /** The membership-active flag (SPEC §4), set from the loaded user's membership. */
  isActive: boolean;
  setToken: (token: string) => void;
  setActive: (active: boolean) => void;
  logout: () => void;
}

function fromStorage(): Pick<AuthState, 'token' | 'userId' | 'isAdmin'> {
  const token = localStorage.getItem(TOKEN_STORAGE_KEY);
  const claims = readClaims(token);
  if (!claims) return { token: null, userId: null, isAdmin: false };
  return { token, userId: claims.id, isAdmin: claims.isAdmin };
}

export const useAuthStore = create<AuthState>()((set) => ({
  ...fromStorage(),
  isActive: false,
  setToken: (token) => {
    localStorage.setItem(TOKEN_STORAGE_KEY, token);
    set(fromStorage());
  },
  setActive: (active) => set({ isActive: active }),
  /** Removes the stored token and clears the membership flag (SPEC §2.2). */
  logout: () => {
    localStorage.removeItem(TOKEN_STORAGE_KEY);
    set({ token: null, userId: null, isAdmin: false, isActive: false });
  },
}));
