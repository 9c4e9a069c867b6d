import type { StoreApi } from 'zustand';
import type { FieldErrors } from '@pulso/shared';
import { failureOf, type ApiFailure } from './api-client';

/**
 * The result of a change sent to the API, for the dialog that reports it: the server's Spanish
 * message either way; on success what it answered, on failure its field messages, to show under
 * each input.
 */
export type Outcome<T = undefined> =
  | { ok: true; message: string; value: T; fieldErrors: FieldErrors }
  | { ok: false; message: string; value?: undefined; fieldErrors: FieldErrors; failure: ApiFailure };

/** What a change's success says: the server's message, and what else the store keeps of it. */
export interface Done<T> {
  message: string;
  value: T;
}

/**
 * The failure as a dialog says it: the server's message, then the field messages it does not
 * already say (its message is often the first of them).
 */
export function withDetails(failure: ApiFailure): string {
  const details = Object.values(failure.fieldErrors).filter((detail) => detail !== failure.message);
  return details.length > 0 ? `${failure.message}: ${details.join('. ')}` : failure.message;
}

/**
 * Runs a change against the API: `send` answers the server's message and what it returned; any
 * failure becomes an outcome, worded by `describe` (the server's message by default).
 */
export async function mutate<T = undefined>(
  send: () => Promise<Done<T> | string>,
  describe: (failure: ApiFailure) => string = (failure) => failure.message,
): Promise<Outcome<T>> {
  try {
    const done = await send();
    return typeof done === 'string'
      ? { ok: true, message: done, value: undefined as T, fieldErrors: {} }
      : { ok: true, ...done, fieldErrors: {} };
  } catch (error) {
    const failure = failureOf(error);
    return { ok: false, message: describe(failure), fieldErrors: failure.fieldErrors, failure };
  }
}

/**
 * `mutate` for a store that shows a change in flight: its `busy` field holds what is running
 * (`'review'`, `true`, ...) until the answer comes, then `idle` again.
 */
export function createMutator<S extends { busy: B }, B>(set: StoreApi<S>['setState'], idle: B) {
  return async <T = undefined>(
    busy: B,
    send: () => Promise<Done<T> | string>,
    describe?: (failure: ApiFailure) => string,
  ): Promise<Outcome<T>> => {
    set({ busy } as Partial<S>);
    try {
      return await mutate(send, describe);
    } finally {
      set({ busy: idle } as Partial<S>);
    }
  };
}

/**
 * For a store that reports a change's failure where it was asked (`actionError`: the calendar's
 * event dialogs, the checkout pages) rather than in a result dialog: runs the change with `busy`
 * set, keeps its failure's message, and answers what it returned, or null when it failed.
 */
export function createAction<S extends { busy: boolean; actionError: string | null }>(set: StoreApi<S>['setState']) {
  const run = createMutator<S, boolean>(set, false);
  return async <T>(send: () => Promise<T>): Promise<T | null> => {
    set({ actionError: null } as Partial<S>);
    const outcome = await run(true, async (): Promise<Done<T>> => ({ message: '', value: await send() }));
    if (!outcome.ok) set({ actionError: outcome.message } as Partial<S>);
    return outcome.ok ? outcome.value : null;
  };
}
