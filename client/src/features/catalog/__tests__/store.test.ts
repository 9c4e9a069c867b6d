import { beforeEach, describe, expect, test, vi } from 'vitest';
import { getGoals, getTypes } from '../api/catalog';
import { useGoalsStore, useTypesStore } from '../store';

vi.mock('../api/catalog', () => ({ getTypes: vi.fn(), getGoals: vi.fn() }));

describe('types and goals stores', () => {
  beforeEach(() => {
    useTypesStore.setState(useTypesStore.getInitialState(), true);
    useGoalsStore.setState(useGoalsStore.getInitialState(), true);
    vi.mocked(getTypes).mockReset();
    vi.mocked(getGoals).mockReset();
  });

  test('when the types load, then they are stored once and a second fetch reuses them', async () => {
    vi.mocked(getTypes).mockResolvedValue([{ id: '1', name: 'Cardio' }]);
    await useTypesStore.getState().fetch();
    await useTypesStore.getState().fetch();
    expect(useTypesStore.getState()).toMatchObject({ status: 'succeeded', items: [{ name: 'Cardio' }], error: null });
    expect(getTypes).toHaveBeenCalledTimes(1);
  });

  test('when the goals fail, then the error is held and a forced fetch tries again', async () => {
    vi.mocked(getGoals)
      .mockRejectedValueOnce(new Error('caído'))
      .mockResolvedValueOnce([{ id: '2', name: 'Bienestar' }]);
    await useGoalsStore.getState().fetch();
    expect(useGoalsStore.getState()).toMatchObject({ status: 'failed', error: 'caído' });
    await useGoalsStore.getState().fetch(true);
    expect(useGoalsStore.getState()).toMatchObject({ status: 'succeeded', items: [{ name: 'Bienestar' }] });
  });
});
