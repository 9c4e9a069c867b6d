import { useEffect } from 'react';
import { useUiStore } from '../features/ui/store';

/** 'Clases · Pulso': the page's own title, then the configured gym name (GYM_NAME). */
export function pageTitle(title: string | null | undefined, gymName: string): string {
  const own = title?.trim();
  return own ? `${own} · ${gymName}` : gymName;
}

/**
 * Gives the document the page's own title (WCAG 2.4.2, 'Page Titled'); every route calls it once.
 * Pages about one item (a class, a sede) pass its name.
 */
export function usePageTitle(title: string | null | undefined): void {
  const gymName = useUiStore((s) => s.site.gymName);
  useEffect(() => {
    document.title = pageTitle(title, gymName);
  }, [title, gymName]);
}
