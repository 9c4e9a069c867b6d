import { describe, expect, test } from 'vitest';
import { create } from 'zustand';
import { createAction, createMutator, mutate, withDetails } from '../mutation';
import { apiError } from '../../test/helpers';

const INVALID = {
  code: 'VALIDATION_FAILED',
  message: 'El nombre es requerido',
  details: [
    { field: 'name', message: 'El nombre es requerido' },
    { field: 'phone', message: 'No es un número de celular válido' },
  ],
};

describe('mutate', () => {
  test('when the change succeeds, then the outcome is ok with the server message and its value', async () => {
    await expect(mutate(async () => 'Plan creado exitosamente')).resolves.toEqual({
      ok: true,
      message: 'Plan creado exitosamente',
      value: undefined,
      fieldErrors: {},
    });
    await expect(mutate(async () => ({ message: 'Guardado', value: 7 }))).resolves.toMatchObject({
      ok: true,
      value: 7,
    });
  });

  test('when the server refuses, then the outcome has its message and the details by field', async () => {
    const outcome = await mutate(() => Promise.reject(apiError(400, INVALID)));
    expect(outcome).toMatchObject({
      ok: false,
      message: 'El nombre es requerido',
      fieldErrors: { name: 'El nombre es requerido', phone: 'No es un número de celular válido' },
    });
  });

  test('when a taken e-mail comes without details, then it still belongs under the e-mail field', async () => {
    const outcome = await mutate(() =>
      Promise.reject(apiError(409, { code: 'EMAIL_TAKEN', message: 'Este email ya esta registrado' })),
    );
    expect(outcome.fieldErrors).toEqual({ email: 'Este email ya esta registrado' });
  });

  test('when a failure is described with its details, then each message is said once', async () => {
    const outcome = await mutate(() => Promise.reject(apiError(400, INVALID)), withDetails);
    expect(outcome.message).toBe('El nombre es requerido: No es un número de celular válido');
  });
});

describe('createMutator and createAction', () => {
  test('while a change runs, then busy says which; after it, busy is idle again', async () => {
    const store = create<{ busy: 'review' | null }>()(() => ({ busy: null }));
    const run = createMutator<{ busy: 'review' | null }, 'review' | null>(store.setState, null);
    let during: unknown;
    await run('review', async () => {
      during = store.getState().busy;
      return 'Review Creada';
    });
    expect(during).toBe('review');
    expect(store.getState().busy).toBeNull();
  });

  test('when an action fails, then its message is kept and the answer is null', async () => {
    const store = create<{ busy: boolean; actionError: string | null }>()(() => ({ busy: false, actionError: null }));
    const act = createAction(store.setState);
    await expect(act(async () => 'hecho')).resolves.toBe('hecho');
    await expect(
      act(() => Promise.reject(apiError(404, { code: 'NOT_FOUND', message: 'No se encontró el evento' }))),
    ).resolves.toBeNull();
    expect(store.getState()).toEqual({ busy: false, actionError: 'No se encontró el evento' });
  });
});
