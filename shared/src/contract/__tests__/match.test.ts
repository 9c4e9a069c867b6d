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

  it('finds listed items in order among others, each item checked against the shape', () => {
    const list = [{ n: 'a' }, { n: 'x' }, { n: 'b' }, { n: 'c' }];
    expect(compare(list, m.includes({ n: m.string }, [{ n: 'a' }, { n: 'c' }]))).toEqual([]);
    expect(compare(list, m.includes({ n: m.string }, [{ n: 'c' }, { n: 'a' }]))).toEqual([
      'body: no item matching {"n":"a"} after body[3]',
    ]);
    expect(compare([{ n: 1 }, { n: 'a' }], m.includes({ n: m.string }, [{ n: 'a' }]))).toEqual([
      'body[0].n: expected a string, got 1',
    ]);
    expect(compare({}, m.includes(m.any, []))).toEqual(['body: expected an array, got {}']);
  });
});
