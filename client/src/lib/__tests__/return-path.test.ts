import { describe, expect, test } from 'vitest';
import { safeReturnPath, withReturn } from '../return-path';

describe('safeReturnPath', () => {
  test.each([
    ['/pagos/64b000000000000000000002', '/pagos/64b000000000000000000002'],
    ['/clases/Aer%C3%B3bicos?x=1#resenas', '/clases/Aer%C3%B3bicos?x=1#resenas'],
    ['/profile', '/profile'],
  ])('when the target is the site path %j, then it is kept', (value, expected) => {
    expect(safeReturnPath(value)).toBe(expected);
  });

  test.each([
    'https://evil.example/',
    '//evil.example/pagos',
    '/\\evil.example',
    '/\t/evil.example',
    'javascript:alert(1)',
    'pagos/1',
    '',
    '/login',
    '/register?volver=/pagos/1',
    null,
    42,
  ])('when the target is %j, then it is refused', (value) => {
    expect(safeReturnPath(value)).toBeNull();
  });
});

describe('withReturn', () => {
  test('when the target is a site path, then the page carries it in ?volver=', () => {
    expect(withReturn('/login', '/pagos/abc?plan=1')).toBe('/login?volver=%2Fpagos%2Fabc%3Fplan%3D1');
  });

  test('when the target is / or unsafe, then the page is left as it is', () => {
    expect(withReturn('/login', '/')).toBe('/login');
    expect(withReturn('/register', '//evil.example')).toBe('/register');
  });
});
