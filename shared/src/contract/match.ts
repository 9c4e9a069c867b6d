/**
 * Expected response bodies of the contract suite. A matcher is a literal (compared exactly), an
 * object (every key listed must be there and no other key may be), an array (same length, item by
 * item) or a type matcher built with `m`.
 */
export type TypeMatcher =
  | { $type: 'string' | 'number' | 'boolean' | 'any' }
  | { $type: 'regex'; pattern: string }
  | { $type: 'array'; item: Matcher; min?: number }
  | { $type: 'includes'; item: Matcher; items: readonly Matcher[] }
  | { $type: 'nullable'; inner: Matcher }
  | { $type: 'oneOf'; values: readonly (string | number | boolean | null)[] };

export type Matcher = null | string | number | boolean | TypeMatcher | readonly Matcher[] | { [key: string]: Matcher };

/** An object shape listing every key of a DTO (a key the DTO gains must be added here). */
export type Shape<T> = { [K in keyof Required<T>]: Matcher };

export const m = {
  string: { $type: 'string' } as TypeMatcher,
  number: { $type: 'number' } as TypeMatcher,
  boolean: { $type: 'boolean' } as TypeMatcher,
  any: { $type: 'any' } as TypeMatcher,
  /** A MongoDB-style id (24 hex digits). */
  id: { $type: 'regex', pattern: '^[0-9a-f]{24}$' } as TypeMatcher,
  /** An ISO 8601 UTC date-time as Date.toISOString() writes it. */
  iso: { $type: 'regex', pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{3}Z$' } as TypeMatcher,
  regex: (re: RegExp): TypeMatcher => ({ $type: 'regex', pattern: re.source }),
  arrayOf: (item: Matcher, min = 0): TypeMatcher => ({ $type: 'array', item, min }),
  /**
   * An array of `item`s in which `items` appear in this order, other items possibly between them:
   * a list on a server that holds more than the scenarios' own data.
   */
  includes: (item: Matcher, items: readonly Matcher[]): TypeMatcher => ({ $type: 'includes', item, items }),
  nullable: (inner: Matcher): TypeMatcher => ({ $type: 'nullable', inner }),
  oneOf: (...values: (string | number | boolean | null)[]): TypeMatcher => ({ $type: 'oneOf', values }),
};

function isTypeMatcher(value: unknown): value is TypeMatcher {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && '$type' in value;
}

const show = (value: unknown) => {
  const text = JSON.stringify(value);
  return text === undefined ? 'undefined' : text.length > 120 ? `${text.slice(0, 117)}...` : text;
};

/** Every difference between `actual` and `expected`, as readable lines (empty when they match). */
export function compare(actual: unknown, expected: Matcher, path = 'body'): string[] {
  if (isTypeMatcher(expected)) {
    switch (expected.$type) {
      case 'any':
        return actual === undefined ? [`${path}: missing`] : [];
      case 'string':
      case 'number':
      case 'boolean':
        return typeof actual === expected.$type ? [] : [`${path}: expected a ${expected.$type}, got ${show(actual)}`];
      case 'regex':
        return typeof actual === 'string' && new RegExp(expected.pattern).test(actual)
          ? []
          : [`${path}: expected text matching /${expected.pattern}/, got ${show(actual)}`];
      case 'nullable':
        return actual === null ? [] : compare(actual, expected.inner, path);
      case 'oneOf':
        return expected.values.includes(actual as string)
          ? []
          : [`${path}: expected one of ${show(expected.values)}, got ${show(actual)}`];
      case 'array': {
        if (!Array.isArray(actual)) return [`${path}: expected an array, got ${show(actual)}`];
        const problems: string[] = [];
        if (actual.length < (expected.min ?? 0))
          problems.push(`${path}: expected at least ${expected.min} items, got ${actual.length}`);
        actual.forEach((item, i) => problems.push(...compare(item, expected.item, `${path}[${i}]`)));
        return problems;
      }
      case 'includes': {
        if (!Array.isArray(actual)) return [`${path}: expected an array, got ${show(actual)}`];
        const problems = actual.flatMap((item, i) => compare(item, expected.item, `${path}[${i}]`));
        if (problems.length > 0) return problems;
        // The earliest match of each listed item leaves the most room for the ones after it.
        let from = 0;
        for (const wanted of expected.items) {
          const at = actual.findIndex((item, i) => i >= from && compare(item, wanted).length === 0);
          if (at === -1) {
            const where = from === 0 ? '' : ` after ${path}[${from - 1}]`;
            return [`${path}: no item matching ${show(wanted)}${where}`];
          }
          from = at + 1;
        }
        return [];
      }
    }
  }
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual)) return [`${path}: expected an array, got ${show(actual)}`];
    if (actual.length !== expected.length)
      return [`${path}: expected ${expected.length} items, got ${actual.length}: ${show(actual)}`];
    return expected.flatMap((item: Matcher, i) => compare(actual[i], item, `${path}[${i}]`));
  }
  if (typeof expected === 'object' && expected !== null) {
    if (typeof actual !== 'object' || actual === null || Array.isArray(actual))
      return [`${path}: expected an object, got ${show(actual)}`];
    const record = actual as Record<string, unknown>;
    const problems: string[] = [];
    for (const key of Object.keys(record)) {
      if (!(key in expected)) problems.push(`${path}.${key}: not in the contract (value ${show(record[key])})`);
    }
    for (const [key, inner] of Object.entries(expected)) {
      if (!(key in record)) problems.push(`${path}.${key}: missing`);
      else problems.push(...compare(record[key], inner, `${path}.${key}`));
    }
    return problems;
  }
  return Object.is(actual, expected) ? [] : [`${path}: expected ${show(expected)}, got ${show(actual)}`];
}
