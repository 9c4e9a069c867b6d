/**
 * The other system's figures (issue 21): the backend of the system the spec comes from (Express 4 +
 * Sequelize + PostgreSQL), measured on the same machine with the same data as the benchmark chain,
 * on a cache miss. The tables show them beside Pulso's cache-off figures, and the throughput budgets
 * are 10× theirs. Keys are the benchmark's target keys (bench/run.mjs apiTargets).
 */
export const REFERENCE = {
  /** One request alone, ms. */
  alone: { lessons: 15, lesson: 17, branches: 2.9, memberships: 1.9 },
  /** At 50 connections: req/s and p99 in ms. */
  load: {
    lessons: { rps: 102, p99: 2300 },
    lesson: { rps: 186, p99: 470 },
  },
};

/**
 * Every read measured with the cache on and off, side by side with the other system's figures (the
 * rows of the printed and Markdown tables): one object per target, its keys the column names.
 */
export function cacheOnOffRows(api) {
  if (!api.cacheOff) return [];
  return api.cacheOff.rows.map((off) => {
    const on = api.rows.find((r) => r.key === off.key);
    const ref = REFERENCE.load[off.key];
    return {
      target: off.label,
      'alone ms, on': on?.aloneMs ?? '—',
      'alone ms, off': off.aloneMs,
      'alone ms, other': REFERENCE.alone[off.key] ?? '—',
      'req/s, on': on?.rps ?? '—',
      'p99 ms, on': on?.p99 ?? '—',
      'req/s, off': off.rps,
      'p50 ms, off': off.p50,
      'p99 ms, off':
        off.requests === 0 ? 'no answer in the run' : off.timeouts > 0 ? `> 10 s (${off.timeouts} timeouts)` : off.p99,
      'req/s · p99 ms, other': ref ? `${ref.rps} · ${ref.p99}` : '—',
      'non-2xx/errors, off': `${off.non2xx}/${off.errors}`,
    };
  });
}

/** The growth chain's reads alone (cache off) beside the same reads at the benchmark chain. */
export function growthRows(api) {
  const growth = api.growth21;
  if (!growth) return [];
  const rows = growth.rows.map((row) => {
    const base = api.cacheOff?.rows.find((r) => r.key === row.key);
    return {
      target: row.label,
      'alone ms, benchmark chain': base?.aloneMs ?? '—',
      'alone ms, growth chain': row.aloneMs,
      factor: base ? Number((row.aloneMs / base.aloneMs).toFixed(1)) : '—',
    };
  });
  rows.push({
    target: 'POST /api/users/login',
    'alone ms, benchmark chain': api.cacheOff?.loginAloneMs ?? '—',
    'alone ms, growth chain': growth.loginAloneMs,
    factor: api.cacheOff ? Number((growth.loginAloneMs / api.cacheOff.loginAloneMs).toFixed(1)) : '—',
  });
  return rows;
}
