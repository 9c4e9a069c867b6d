import type { StoreApi } from 'zustand';
import type { LoadStatus } from '@pulso/shared';
import { failureOf } from './api-client';

/**
 * One thing a store reads from the API, and where its read stands: every load goes idle, loading,
 * then succeeded or failed with its error. `key` says what it was read for (an id, a
 * name, a page), so a screen never shows what was read for another one.
 */
export interface Slot<T, K = string> {
  key: K | null;
  value: T;
  status: LoadStatus;
  error: string | null;
  /** The load failed because the thing does not exist (or its id is malformed). */
  notFound: boolean;
}

/** A slot nothing was read into yet. */
export function emptySlot<T, K = string>(value: T): Slot<T, K> {
  return { key: null, value, status: 'idle', error: null, notFound: false };
}

/**
 * The slot as a screen showing `key` must see it: what was read for another key counts as not read
 * yet, so it is never shown, not even for the one render before the screen's own load starts.
 */
export function slotFor<T, K>(slot: Slot<T | null, K>, key: K): Slot<T | null, K> {
  return slot.key === key ? slot : { ...emptySlot<T | null, K>(null), key };
}

/** Where a store keeps a resource: how to read it as a slot and how to write a slot back. */
export interface Lens<S, T, K = string> {
  /** Tells this resource's requests apart from the store's other ones. */
  id: string;
  /** The value before anything is read, and when what was read belongs to another key. */
  empty: T;
  read: (state: S) => Slot<T, K>;
  write: (slot: Slot<T, K>) => Partial<S>;
}

type SlotValue<X> = X extends Slot<infer T, unknown> ? T : never;
type SlotKey<X> = X extends Slot<unknown, infer K> ? K : never;

/** A resource kept whole in one field of the store (`plan: Slot<PlanDto | null>`). */
export function slot<S, N extends keyof S & string>(
  name: N,
  empty: SlotValue<S[N]>,
): Lens<S, SlotValue<S[N]>, SlotKey<S[N]>> {
  return {
    id: name,
    empty,
    read: (state) => state[name] as Slot<SlotValue<S[N]>, SlotKey<S[N]>>,
    write: (value) => ({ [name]: value }) as Partial<S>,
  };
}

/**
 * A resource kept in fields of the store itself: the spec's `{ items, status, error }` of a
 * feature's main list (STYLE.md), or named fields such as `member`, `memberStatus`, `memberError`.
 */
export function flat<S, V extends keyof S & string>(
  fields: { value: V; status: keyof S & string; error: keyof S & string },
  empty: S[V],
): Lens<S, S[V], never> {
  return {
    id: fields.value,
    empty,
    read: (state) => ({
      key: null,
      value: state[fields.value],
      status: state[fields.status] as LoadStatus,
      error: state[fields.error] as string | null,
      notFound: false,
    }),
    write: ({ value, status, error }) =>
      ({ [fields.value]: value, [fields.status]: status, [fields.error]: error }) as Partial<S>,
  };
}

export interface LoadOptions {
  /**
   * A refresh of what is on screen: while it runs the slot stays as it is, and a failure keeps what
   * is shown. (A load for another key is never quiet.)
   */
  quiet?: boolean;
  /** The failure is thrown again once the slot says it, for a caller that handles it too (FullCalendar). */
  rethrow?: boolean;
}

/**
 * The one way stores load: `load(lens, key, read)` moves the resource through the statuses
 * with one error shape (the API's Spanish message, and whether the thing does not exist). It is
 * race-safe: only the latest request for a resource may change it, so a late answer for an older
 * request (another sede, an earlier page) never overwrites a newer one. Reloading the same key
 * keeps the current value on screen until the new one arrives.
 */
export function createLoader<S>(set: StoreApi<S>['setState'], get: StoreApi<S>['getState']) {
  const latest = new Map<string, number>();
  const ticket = (id: string) => {
    const next = (latest.get(id) ?? 0) + 1;
    latest.set(id, next);
    return next;
  };

  async function load<T, K>(
    lens: Lens<S, T, K>,
    key: K | null,
    read: () => Promise<T>,
    options: LoadOptions = {},
  ): Promise<void> {
    const request = ticket(lens.id);
    const current = lens.read(get());
    const same = current.key === key;
    const quiet = options.quiet === true && same && current.status === 'succeeded';
    if (!quiet) {
      set(
        lens.write({ key, value: same ? current.value : lens.empty, status: 'loading', error: null, notFound: false }),
      );
    }
    let value: T;
    try {
      value = await read();
    } catch (error) {
      if (latest.get(lens.id) === request && !quiet) {
        const { message, notFound } = failureOf(error);
        set(lens.write({ key, value: lens.read(get()).value, status: 'failed', error: message, notFound }));
      }
      if (options.rethrow) throw error;
      return;
    }
    if (latest.get(lens.id) === request)
      set(lens.write({ key, value, status: 'succeeded', error: null, notFound: false }));
  }

  /** Puts a value the API gave another way (a change's answer), overriding any read in flight. */
  function put<T, K>(lens: Lens<S, T, K>, key: K | null, value: T): void {
    ticket(lens.id);
    set(lens.write({ key, value, status: 'succeeded', error: null, notFound: false }));
  }

  return { load, put };
}

/** A feature's main list as the spec's stores hold it (STYLE.md): `{ items, status, error }`. */
export interface ListState<T> {
  items: T[];
  status: LoadStatus;
  error: string | null;
}

/** A list nothing was read into yet. */
export function emptyList<T>(): ListState<T> {
  return { items: [], status: 'idle', error: null };
}

/** The lens of a store's main list, its `items`, `status` and `error`. */
export function listOf<S extends ListState<unknown>>(): Lens<S, S['items'], never> {
  return flat<S, 'items'>({ value: 'items', status: 'status', error: 'error' }, [] as S['items']);
}
