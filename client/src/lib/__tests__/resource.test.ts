import { AxiosError } from 'axios';
import { describe, expect, test } from 'vitest';
import { create } from 'zustand';
import { createLoader, emptyList, emptySlot, listOf, slot, slotFor, type ListState, type Slot } from '../resource';
import { apiError, deferred } from '../../test/helpers';

interface TestState extends ListState<string> {
  detail: Slot<string | null>;
}

const LIST = listOf<TestState>();
const DETAIL = slot<TestState, 'detail'>('detail', null);

function testStore() {
  const store = create<TestState>()(() => ({ ...emptyList<string>(), detail: emptySlot(null) }));
  return { store, ...createLoader(store.setState, store.getState) };
}

describe('createLoader', () => {
  test('when a list loads, then it goes loading and then succeeded with its items', async () => {
    const { store, load } = testStore();
    const answer = deferred<string[]>();
    const done = load(LIST, null, () => answer.promise);
    expect(store.getState()).toMatchObject({ status: 'loading', error: null, items: [] });
    answer.resolve(['Centro']);
    await done;
    expect(store.getState()).toMatchObject({ status: 'succeeded', error: null, items: ['Centro'] });
  });

  test('when an older request answers after a newer one, then the older answer changes nothing', async () => {
    const { store, load } = testStore();
    const older = deferred<string[]>();
    const first = load(LIST, null, () => older.promise);
    await load(LIST, null, async () => ['nueva']);
    older.resolve(['vieja']);
    await first;
    expect(store.getState()).toMatchObject({ status: 'succeeded', items: ['nueva'] });
  });

  test('when an older request fails after a newer one succeeded, then the failure is not shown', async () => {
    const { store, load } = testStore();
    const older = deferred<string | null>();
    const first = load(DETAIL, 'a', () => older.promise);
    await load(DETAIL, 'b', async () => 'Sede B');
    older.reject(new Error('caído'));
    await first;
    expect(store.getState().detail).toMatchObject({ key: 'b', status: 'succeeded', value: 'Sede B', error: null });
  });

  test('when a load fails, then the slot holds the API message, and notFound for a missing thing', async () => {
    const { store, load } = testStore();
    await load(DETAIL, 'x', () =>
      Promise.reject(apiError(404, { code: 'NOT_FOUND', message: 'No se encontró la sede' })),
    );
    expect(store.getState().detail).toMatchObject({
      key: 'x',
      status: 'failed',
      error: 'No se encontró la sede',
      notFound: true,
    });
    await load(DETAIL, 'y', () => Promise.reject(new AxiosError('Network Error', 'ERR_NETWORK')));
    expect(store.getState().detail).toMatchObject({ key: 'y', status: 'failed', notFound: false });
    expect(store.getState().detail.error).toMatch(/No se pudo conectar con el servidor/);
  });

  test('when another key loads, then the value read for the previous key is not kept', async () => {
    const { store, load } = testStore();
    await load(DETAIL, 'a', async () => 'Sede A');
    const answer = deferred<string | null>();
    const done = load(DETAIL, 'b', () => answer.promise);
    expect(store.getState().detail).toMatchObject({ key: 'b', status: 'loading', value: null });
    answer.resolve('Sede B');
    await done;
  });

  test('when a quiet refresh fails, then what is shown stays as it was', async () => {
    const { store, load } = testStore();
    await load(DETAIL, 'a', async () => 'Sede A');
    const answer = deferred<string | null>();
    const done = load(DETAIL, 'a', () => answer.promise, { quiet: true });
    expect(store.getState().detail).toMatchObject({ status: 'succeeded', value: 'Sede A' });
    answer.reject(new Error('caído'));
    await done;
    expect(store.getState().detail).toMatchObject({ status: 'succeeded', value: 'Sede A', error: null });
  });

  test('when a read was put by a change, then a read asked before it cannot overwrite it', async () => {
    const { store, load, put } = testStore();
    const older = deferred<string | null>();
    const first = load(DETAIL, 'a', () => older.promise);
    put(DETAIL, 'a', 'guardada');
    older.resolve('leída antes');
    await first;
    expect(store.getState().detail).toMatchObject({ status: 'succeeded', value: 'guardada' });
  });

  test('with rethrow, then the caller gets the failure too', async () => {
    const { store, load } = testStore();
    const failure = new Error('caído');
    await expect(load(LIST, null, () => Promise.reject(failure), { rethrow: true })).rejects.toBe(failure);
    expect(store.getState()).toMatchObject({ status: 'failed', error: 'caído' });
  });
});

describe('slotFor', () => {
  test('what was read for another key reads as not read yet', () => {
    const read = { key: 'a', value: 'Sede A', status: 'succeeded', error: null, notFound: false } as const;
    expect(slotFor(read, 'a')).toBe(read);
    expect(slotFor(read, 'b')).toEqual({ key: 'b', value: null, status: 'idle', error: null, notFound: false });
  });
});
