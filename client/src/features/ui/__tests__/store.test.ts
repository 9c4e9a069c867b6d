import { describe, expect, test, vi } from 'vitest';

describe('display mode', () => {
  test('when nothing was chosen, then the mode starts Light', async () => {
    vi.resetModules();
    const { useUiStore } = await import('../store');
    expect(useUiStore.getState().mode).toBe('Light');
  });

  test('when Dark is chosen, then it is remembered the next time the app loads', async () => {
    vi.resetModules();
    const first = await import('../store');
    first.useUiStore.getState().setDark();
    expect(first.useUiStore.getState().mode).toBe('Dark');

    vi.resetModules();
    const reloaded = await import('../store');
    expect(reloaded.useUiStore.getState().mode).toBe('Dark');
    reloaded.useUiStore.getState().setLight();

    vi.resetModules();
    expect((await import('../store')).useUiStore.getState().mode).toBe('Light');
  });

  test('when plansClicked is set, then it holds whatever value was passed', async () => {
    const { useUiStore } = await import('../store');
    useUiStore.getState().setPlansClicked(true);
    expect(useUiStore.getState().plansClicked).toBe(true);
    useUiStore.getState().setPlansClicked(false);
    expect(useUiStore.getState().plansClicked).toBe(false);
  });
});
