import { useEffect, useState } from 'react';
import { failureOf } from './api-client';

/**
 * What `load` answers, read when the component shows and again on `retry` ('Intenta de nuevo'):
 * `value` is undefined while it loads, `error` the failure's Spanish message. An answer that comes
 * after the component left is dropped. `set` replaces the value (an action's answer).
 */
export function useLoaded<T>(load: () => Promise<T>) {
  const [value, setValue] = useState<T | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let shown = true;
    load().then(
      (answer) => {
        if (shown) setValue(answer);
      },
      (failure: unknown) => {
        if (shown) setError(failureOf(failure).message);
      },
    );
    return () => {
      shown = false;
    };
    // `load` is read once per attempt: a caller's inline function does not reload on each render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [attempt]);

  const retry = () => {
    setError(null);
    setValue(undefined);
    setAttempt((n) => n + 1);
  };
  return { value, error, retry, set: setValue };
}
