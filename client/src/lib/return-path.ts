import { useLocation } from 'react-router-dom';
import { paths } from '../config/paths';

/** The query parameter that carries where a visitor was going through /login and /register. */
export const RETURN_PARAM = 'volver';

const BASE = 'http://pulso.invalid';
/** Pages a return must never lead back to: the sign-in pages themselves. */
const SIGN_IN_PAGES: readonly string[] = [paths.login, paths.register];

/**
 * A path of this site to return to, or null. Only a same-site path is accepted (it starts with one
 * '/', no scheme, no '//host' or '/\host', no control characters), so `?volver=` cannot send a
 * visitor to another site after they sign in.
 */
export function safeReturnPath(value: unknown): string | null {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) {
    return null;
  }
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused here
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE || SIGN_IN_PAGES.includes(url.pathname)) return null;
  return url.pathname + url.search + url.hash;
}

/** `/login?volver=/pagos/ID`: a sign-in page that sends the visitor on to `target` afterwards. */
export function withReturn(page: string, target: string | null | undefined): string {
  const safe = safeReturnPath(target);
  return safe && safe !== paths.home ? `${page}?${RETURN_PARAM}=${encodeURIComponent(safe)}` : page;
}

/**
 * Where to go after signing in or registering: `?volver=` (kept across reloads and between /login
 * and /register), else the signed-in page that sent the visitor here, else /.
 */
export function useReturnPath(): string {
  const location = useLocation();
  const fromQuery = new URLSearchParams(location.search).get(RETURN_PARAM);
  const state: unknown = location.state;
  const fromState = state && typeof state === 'object' && 'from' in state ? state.from : null;
  return safeReturnPath(fromQuery) ?? safeReturnPath(fromState) ?? paths.home;
}
