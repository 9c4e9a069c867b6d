import { useEffect, useRef, useState } from 'react';
import { failureOf } from './api-client';

export interface ServerPage<T> {
  items: T[];
  total: number;
  page: number;
}

/**
 * A list paged and filtered on the server (the audit trail, the payments): the page on screen, the
 * filters it was asked with, whether the next one is loading, and the failure's Spanish message.
 * `load` asks for a page of a query; only the latest one asked for is shown, so a filter changed
 * before an answer came never shows an older page. The first page of `initial` is read once.
 */
export function useServerPage<Q, T>(
  fetch: (query: Q, page: number) => Promise<{ items: T[]; total: number }>,
  initial: Q,
) {
  const [query, setQuery] = useState<Q>(initial);
  const [list, setList] = useState<ServerPage<T> | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const asked = useRef(0);

  const read = (next: Q, page: number, isCurrent: () => boolean) =>
    fetch(next, page).then(
      (answer) => {
        if (isCurrent()) setList({ ...answer, page });
      },
      (failure: unknown) => {
        if (isCurrent()) setError(failureOf(failure).message);
      },
    );

  useEffect(() => {
    let shown = true;
    const ticket = ++asked.current;
    void read(initial, 1, () => shown && ticket === asked.current);
    return () => {
      shown = false;
    };
    // The first page, once.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  /** Shows `next` from its page `page` (the query is what the filters show at once). */
  const load = (next: Q, page: number) => {
    setQuery(next);
    setBusy(true);
    setError(null);
    const ticket = ++asked.current;
    void read(next, page, () => ticket === asked.current).finally(() => {
      if (ticket === asked.current) setBusy(false);
    });
  };

  return { query, setQuery, list, setList, busy, error, load };
}
