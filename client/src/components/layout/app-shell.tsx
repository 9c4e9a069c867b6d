import { useEffect, useRef } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router-dom';
import { useAuthStore } from '../../features/auth/store';
import { focusIsLost, focusMainContent } from '../../lib/focus';

/**
 * When a navigation left keyboard focus on nothing (the link that had it belonged to the previous
 * page, or to the phone menu that folded), it goes to the new page's main heading, so the next Tab
 * continues from the page the visitor is on. Focus that is still somewhere useful stays there.
 */
function useFocusAfterNavigation() {
  const { key, hash } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (focusIsLost()) focusMainContent(hash);
  }, [key, hash]);
}

/**
 * The root of every route. React Router's ScrollRestoration opens each new page at its top (or at
 * its #hash) and gives back/forward the position the visitor left; without it the browser window
 * kept the previous page's scroll position.
 */
export function AppShell() {
  useFocusAfterNavigation();
  const { key } = useLocation();
  const finishSignOut = useAuthStore((s) => s.finishSignOut);
  // A sign-out's page is shown: from now on a signed-in page sends visitors to /login with a way back.
  useEffect(() => finishSignOut(), [key, finishSignOut]);
  return (
    <>
      <ScrollRestoration />
      <Outlet />
    </>
  );
}
