import { describe, expect, test } from 'vitest';
import {
  CSV_BOM,
  DEFAULT_USER_QUERY,
  parseUserQuery,
  queryUsers,
  userCsvLine,
  USERS_CSV_HEADER,
  type DirectoryRow,
  type UserQuery,
} from '../users';

const now = new Date('2026-06-01T12:00:00Z');
const membership = (name: string, planId: string, start: string, end: string) => ({
  planId,
  name,
  start: `${start}T10:00:00.000Z`,
  end: `${end}T10:00:00.000Z`,
});
const row = (fields: Partial<DirectoryRow> & Pick<DirectoryRow, 'id' | 'fullName'>): DirectoryRow => ({
  email: `${fields.id}@example.com`,
  phone: '',
  isAdmin: false,
  isMonitor: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  homeBranch: null,
  membership: null,
  ...fields,
});
const CENTRO = { id: 'c'.repeat(24), name: 'Sede Centro' };
const NORTE = { id: 'n'.repeat(24).replace(/n/g, 'a'), name: 'Sede Norte' };
const PLUS = 'p'.repeat(24).replace(/p/g, 'b');
const ROWS: DirectoryRow[] = [
  row({
    id: 'u1',
    fullName: 'María José Pérez',
    phone: '5511112222',
    createdAt: '2026-01-03T00:00:00.000Z',
    homeBranch: CENTRO,
    membership: membership('Plus', PLUS, '2026-05-01', '2026-08-01'),
  }),
  row({ id: 'u2', fullName: 'Ana Gómez', createdAt: '2026-01-05T00:00:00.000Z', homeBranch: NORTE, isMonitor: true }),
  row({
    id: 'u3',
    fullName: 'Álvaro Núñez',
    createdAt: '2026-01-02T00:00:00.000Z',
    membership: membership('Standar', 'd'.repeat(24), '2026-01-01', '2026-02-01'),
  }),
  row({ id: 'u4', fullName: 'Zoe Admin', createdAt: '2026-01-04T00:00:00.000Z', isAdmin: true, homeBranch: CENTRO }),
];
const ask = (query: Partial<UserQuery>) => queryUsers(ROWS, { ...DEFAULT_USER_QUERY, ...query }, now).map((r) => r.id);

describe('the users list searched, filtered and sorted', () => {
  test('nothing asked: newest first', () => {
    expect(ask({})).toEqual(['u2', 'u4', 'u1', 'u3']);
  });

  test('the search finds names without accents or case, e-mails, and phones by their digits', () => {
    expect(ask({ q: 'maria jose' })).toEqual(['u1']);
    expect(ask({ q: 'ALVARO' })).toEqual(['u3']);
    expect(ask({ q: 'u2@example' })).toEqual(['u2']);
    expect(ask({ q: '55 1111-2222' })).toEqual(['u1']);
    expect(ask({ q: '+52 (55) 1111.2222'.slice(4) })).toEqual(['u1']);
    // A word with digits in it is no phone: it does not find the numbers that hold them.
    expect(ask({ q: 'Lote5a111c' })).toEqual([]);
    expect(ask({ q: 'nadie' })).toEqual([]);
  });

  test('each filter narrows: state, plan, home sede (or none) and role', () => {
    expect(ask({ status: 'Activo' })).toEqual(['u1']);
    expect(ask({ status: 'Vencida' })).toEqual(['u3']);
    expect(ask({ status: 'Sin membresía' })).toEqual(['u2', 'u4']);
    expect(ask({ plan: PLUS })).toEqual(['u1']);
    expect(ask({ branch: CENTRO.id })).toEqual(['u4', 'u1']);
    expect(ask({ branch: 'none' })).toEqual(['u3']);
    expect(ask({ role: 'trainer' })).toEqual(['u2']);
    expect(ask({ role: 'member', branch: CENTRO.id })).toEqual(['u1']);
  });

  test('any column sorts, both ways, by Spanish order', () => {
    expect(ask({ sort: 'name', dir: 'asc' })).toEqual(['u3', 'u2', 'u1', 'u4']);
    expect(ask({ sort: 'name', dir: 'desc' })).toEqual(['u4', 'u1', 'u2', 'u3']);
    expect(ask({ sort: 'branch', dir: 'asc' })).toEqual(['u3', 'u4', 'u1', 'u2']);
    expect(ask({ sort: 'createdAt', dir: 'asc' })).toEqual(['u3', 'u1', 'u4', 'u2']);
  });

  test('the query string is read strictly: an unknown value names its field', () => {
    expect(parseUserQuery({})).toEqual({ query: DEFAULT_USER_QUERY });
    expect(parseUserQuery({ sort: 'name' })).toEqual({ query: { ...DEFAULT_USER_QUERY, sort: 'name', dir: 'asc' } });
    expect(parseUserQuery({ status: 'Dormido' })).toEqual({ invalid: 'status' });
    expect(parseUserQuery({ plan: 'x' })).toEqual({ invalid: 'plan' });
    expect(parseUserQuery({ sort: '$where' })).toEqual({ invalid: 'sort' });
    expect(parseUserQuery({ q: ['a', 'b'] })).toEqual({ query: DEFAULT_USER_QUERY });
  });

  test('a CSV line says each column in Spanish, quoting what needs it and defusing formulas', () => {
    expect(CSV_BOM).toBe('\uFEFF');
    expect(USERS_CSV_HEADER).toBe('Nombre;Email;Teléfono;Rol;Sede habitual;Plan;Estado;Inicio;Vence;Alta');
    expect(userCsvLine(ROWS[0] as DirectoryRow, now)).toBe(
      'María José Pérez;u1@example.com;5511112222;Deportista;Sede Centro;Plus;Activo;2026-05-01;2026-08-01;2026-01-03',
    );
    const odd = row({ id: 'u9', fullName: '=HYPERLINK("x"), "Pepe"' });
    expect(userCsvLine(odd, now).split(';')[0]).toBe(`"'=HYPERLINK(""x""), ""Pepe"""`);
    // The server writes dates in the gym's time zone.
    expect(
      userCsvLine(ROWS[0] as DirectoryRow, now, () => 'día')
        .split(';')
        .slice(7),
    ).toEqual(['día', 'día', 'día']);
  });
});
