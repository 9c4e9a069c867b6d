/**
 * Keyboard focus after the control that had it went away (a page change, a closed menu, a control
 * removed or disabled while a dialog was open). Without this the browser leaves focus on the body
 * and the next Tab starts again from the top of the document.
 */

/** True when nothing useful has focus: the body, or an element no longer in the page or shown. */
export function focusIsLost(): boolean {
  const active = document.activeElement;
  if (!(active instanceof HTMLElement) || active === document.body) return true;
  if (!active.isConnected) return true;
  // jsdom has no checkVisibility; there every connected element counts as shown.
  return typeof active.checkVisibility === 'function' ? !active.checkVisibility() : false;
}

/**
 * Focuses `element` (as a programmatic target when it is not focusable itself); true if it took
 * focus. The page does not scroll unless asked: after a page change React Router sets the position.
 */
export function focusElement(element: HTMLElement | null | undefined, options: FocusOptions = { preventScroll: true }) {
  if (!element?.isConnected) return false;
  if (element.tabIndex < 0 && !element.hasAttribute('tabindex')) element.setAttribute('tabindex', '-1');
  element.focus(options);
  return document.activeElement === element;
}

/**
 * Moves focus to the page's content: the element the address's #hash names, else the page's main
 * heading, else the `<main id="main">` landmark itself.
 */
export function focusMainContent(hash = ''): boolean {
  const main = document.getElementById('main');
  if (!main) return false;
  const named = hash.length > 1 ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
  return focusElement(named) || focusElement(main.querySelector<HTMLElement>('h1')) || focusElement(main);
}
