import { afterEach, describe, expect, test, vi } from 'vitest';
import { PREFETCH_MAX_AGE_MS, prefetchedOr, takePrefetched } from '../prefetch';

function registerAnswer(path: string, answer: Promise<unknown>, startedAt = performance.now()) {
  window.__pulsoPrefetch = { startedAt, answers: new Map([[path, answer]]) };
}

afterEach(() => {
  delete window.__pulsoPrefetch;
});

describe('takePrefetched', () => {
  test('when the boot script did not run, then there is no answer', () => {
    expect(takePrefetched('/lessons')).toBeUndefined();
  });

  test('when an answer was started for the path, then it is handed out once', async () => {
    registerAnswer('/lessons', Promise.resolve(['Yoga']));
    await expect(takePrefetched('/lessons')).resolves.toEqual(['Yoga']);
    expect(takePrefetched('/lessons')).toBeUndefined();
  });

  test('when the answer is for another path, then there is none for this one', () => {
    registerAnswer('/lessons', Promise.resolve([]));
    expect(takePrefetched('/lessons/Yoga')).toBeUndefined();
  });

  test('when the answer is older than the limit, then it is not used', () => {
    registerAnswer('/lessons', Promise.resolve([]), performance.now() - PREFETCH_MAX_AGE_MS - 1);
    expect(takePrefetched('/lessons')).toBeUndefined();
  });
});

describe('prefetchedOr', () => {
  test('when an early answer succeeded, then it is used and the API is not called', async () => {
    registerAnswer('/types', Promise.resolve([{ id: '1', name: 'Cardio' }]));
    const load = vi.fn();
    await expect(prefetchedOr('/types', load)).resolves.toEqual([{ id: '1', name: 'Cardio' }]);
    expect(load).not.toHaveBeenCalled();
  });

  test('when the early answer failed, then the API is called instead', async () => {
    registerAnswer('/types', Promise.reject(new Error('HTTP 500')));
    const load = vi.fn().mockResolvedValue([]);
    await expect(prefetchedOr('/types', load)).resolves.toEqual([]);
    expect(load).toHaveBeenCalledOnce();
  });

  test('when there is no early answer, then the API is called and its failure is the caller’s', async () => {
    const load = vi.fn().mockRejectedValue(new Error('caído'));
    await expect(prefetchedOr('/types', load)).rejects.toThrow('caído');
  });
});
