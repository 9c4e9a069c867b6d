import { beforeEach, describe, expect, test } from 'vitest';
import { readClaims, selectOffersPlans, useAuthStore } from '../store';

function token(payload: object): string {
  const encode = (value: object) =>
    btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(payload)}.firma`;
}

describe('auth store', () => {
  beforeEach(() => useAuthStore.getState().logout());

  test('when a token is stored, then its id and isAdmin drive the interface', () => {
    useAuthStore.getState().setToken(token({ id: 'u1', isAdmin: true }));
    expect(localStorage.getItem('token')).not.toBeNull();
    expect(useAuthStore.getState()).toMatchObject({ userId: 'u1', isAdmin: true });
  });

  test('when logging out, then the token is removed and the membership flag cleared', () => {
    useAuthStore.getState().setToken(token({ id: 'u1', isAdmin: false }));
    useAuthStore.getState().setActive(true);
    useAuthStore.getState().logout();
    expect(localStorage.getItem('token')).toBeNull();
    expect(useAuthStore.getState()).toMatchObject({ token: null, isActive: false, isAdmin: false });
  });

  test('when a token is malformed or expired, then it carries no claims', () => {
    expect(readClaims('not-a-token')).toBeNull();
    expect(readClaims(token({ isAdmin: true }))).toBeNull();
    expect(readClaims(token({ id: 'u1', isAdmin: true, exp: 1 }))).toBeNull();
  });
});

describe('who is offered plans', () => {
  test('visitors are; a signed-in user only once their membership is known to be inactive', () => {
    expect(selectOffersPlans({ token: null, status: 'idle', isActive: false })).toBe(true);
    expect(selectOffersPlans({ token: 't', status: 'idle', isActive: false })).toBe(false);
    expect(selectOffersPlans({ token: 't', status: 'loading', isActive: false })).toBe(false);
    expect(selectOffersPlans({ token: 't', status: 'succeeded', isActive: false })).toBe(true);
    expect(selectOffersPlans({ token: 't', status: 'failed', isActive: false })).toBe(true);
    expect(selectOffersPlans({ token: 't', status: 'succeeded', isActive: true })).toBe(false);
  });
});
