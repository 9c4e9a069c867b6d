import { describe, expect, it } from 'vitest';
import { compare, m } from '../match';

describe('contract matchers', () => {
  it('accepts a body that has exactly the listed keys with matching values', () => {
    expect(
      compare({ a: 'x', b: [1, 2], c: null }, { a: m.string, b: m.arrayOf(m.number), c: m.nullable(m.iso) }),
    ).toEqual([]);
  });

  it('reports a missing key, an extra key, a wrong literal and a wrong type', () => {
    expect(compare({ a: 'x', extra: 1, n: 'uno' }, { a: 'y', b: m.any, n: m.number })).toEqual([
      'body.extra: not in the contract (value 1)',
      'body.a: expected "y", got "x"',
      'body.b: missing',
      'body.n: expected a number, got "uno"',
    ]);
  });

  it('checks arrays item by item and their length', () => {
    expect(compare([{ id: 'zz' }], [{ id: m.id }, { id: m.id }])).toEqual([
      'body: expected 2 items, got 1: [{"id":"zz"}]',
    ]);
    expect(compare([], m.arrayOf(m.string, 1))).toEqual(['body: expected at least 1 items, got 0']);
    expect(compare(['2024-01-01T00:00:00.000Z', 'ayer'], m.arrayOf(m.iso))).toHaveLength(1);
  });
});
