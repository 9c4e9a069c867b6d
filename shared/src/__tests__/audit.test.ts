import { describe, expect, test } from 'vitest';
import { auditChanges, auditQueryParams, auditValueText, parseAuditQuery } from '../audit';

describe('auditChanges', () => {
  test('when a record changes, then only the fields that differ are listed, named in Spanish, in order', () => {
    expect(
      auditChanges({ name: 'Plus', price: 30000, renewing: false }, { name: 'Plus', price: 35000, renewing: true }),
    ).toEqual([
      { field: 'price', label: 'Precio', before: 30000, after: 35000 },
      { field: 'renewing', label: 'Se renueva', before: false, after: true },
    ]);
  });

  test('when a record is created, then every field with a value is listed; when removed, every field', () => {
    expect(auditChanges(null, { name: 'Yoga', image: null })).toEqual([
      { field: 'name', label: 'Nombre', before: null, after: 'Yoga' },
    ]);
    expect(auditChanges({ title: 'Maratón' }, null)).toEqual([
      { field: 'title', label: 'Título', before: 'Maratón', after: null },
    ]);
  });

  test('when the same values are saved again, then nothing changed', () => {
    expect(auditChanges({ phone: '55' }, { phone: '55' })).toEqual([]);
  });

  test('when the password fingerprint changes, then it shows as changed and never its value', () => {
    expect(auditChanges({ password: 'abc123' }, { password: 'def456' })).toEqual([
      { field: 'password', label: 'Contraseña', before: '••••••', after: 'Cambiada' },
    ]);
  });

  test('values read as people read them', () => {
    expect([true, false, null, '', 12, 'Plus'].map(auditValueText)).toEqual(['Sí', 'No', '—', '—', '12', 'Plus']);
  });
});

describe('parseAuditQuery', () => {
  test('when the filters are valid, then they are kept; when one is not, then it is named', () => {
    const actor = 'a'.repeat(24);
    expect(parseAuditQuery({ actor, entity: 'plan', from: '2026-11-01', to: '2026-11-30' })).toEqual({
      query: { actor, entity: 'plan', from: '2026-11-01', to: '2026-11-30' },
    });
    expect(parseAuditQuery({})).toEqual({ query: { actor: '', entity: '', from: '', to: '' } });
    expect(parseAuditQuery({ actor: 'x' })).toEqual({ invalid: 'actor' });
    expect(parseAuditQuery({ entity: 'planes' })).toEqual({ invalid: 'entity' });
    expect(parseAuditQuery({ from: '2026-02-30' })).toEqual({ invalid: 'from' });
    expect(parseAuditQuery({ from: '2026-11-30', to: '2026-11-01' })).toEqual({ invalid: 'to' });
    expect(auditQueryParams({ actor: '', entity: 'user', from: '', to: '2026-11-30' })).toEqual({
      entity: 'user',
      to: '2026-11-30',
    });
  });
});
