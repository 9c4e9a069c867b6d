/* global process, console */
// node bench/table.mjs [bench/results/<file>.json]: prints a results file (the newest by default)
// as the Markdown tables of docs/performance.md.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from '../scripts/lib.mjs';
import { cacheOnOffRows, growthRows } from './lib/reference.mjs';

const dir = path.join(ROOT, 'bench', 'results');
const file =
  process.argv[2] ??
  path.join(
    dir,
    readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .sort()
      .at(-1),
  );
const { date, quick, machine, budgets, api, client } = JSON.parse(readFileSync(file, 'utf8'));
const line = (cells) => `| ${cells.join(' | ')} |`;
/** Objects with the same keys as a Markdown table, the keys as its header. */
const table = (rows) => {
  const columns = Object.keys(rows[0]);
  console.log(line(columns));
  console.log(line(columns.map(() => '---')));
  for (const row of rows) console.log(line(columns.map((c) => row[c])));
};

console.log(
  `Run of ${date}${quick ? ' (--quick)' : ''} on ${machine.nproc} × ${machine.cpu}, ${machine.memoryGb} GB, ` +
    `Node ${machine.node}, commit ${machine.commit}, load average at start ${machine.loadAverage.join(' ')}.\n`,
);
// --soak-only and --cluster-only runs have no one-instance targets.
if (api.rows.length) {
  console.log(
    line([
      'Target',
      'conn.',
      'req/s',
      'p50 ms',
      'p99 ms',
      'bytes',
      'alone ms',
      'limit req/s',
      'limit p99 ms',
      'ratio',
      'non-2xx/errors/timeouts',
    ]),
  );
  console.log(line(Array(11).fill('---')));
  for (const r of api.rows) {
    console.log(
      line([
        r.label,
        r.connections,
        r.rps,
        r.p50,
        r.p99,
        r.bytes,
        r.aloneMs ?? '—',
        r.limit?.rps ?? '—',
        r.limit?.p99 ?? '—',
        r.ratio ?? '—',
        `${r.non2xx}/${r.errors}/${r.timeouts}`,
      ]),
    );
  }
}
if (api.soak) {
  const s = api.soak;
  console.log(
    `\nSoak: ${s.durationS} s, ${s.users} virtual users; memory ${s.memory.earlyMb} → ${s.memory.lateMb} MB.\n`,
  );
  console.log(line(['Action', 'requests', 'errors', 'mean ms', 'max ms', 'statuses']));
  console.log(line(Array(6).fill('---')));
  for (const g of s.groups) {
    console.log(line([g.action, g.requests, g.errors, g.meanMs, g.maxMs, JSON.stringify(g.statuses)]));
  }
  console.log(`\nWrites confirmed by the API: ${JSON.stringify(s.writesConfirmed)}; records lost: ${s.recordsLost}.`);
  if (s.classPage) {
    console.log(
      `Class page (\`GET /api/lessons/:name\`) under the soak's writes: ${s.classPage.requests} reads, ` +
        `p50 ${s.classPage.p50} ms, p99 ${s.classPage.p99} ms, max ${s.classPage.maxMs} ms.`,
    );
  }
}
if (api.cacheOff) {
  console.log(
    '\nCache on and off (`READ_CACHE=false`, same database; alone: median of 5; req/s and p99 at 50 ' +
      'connections; "other": the system the spec comes from on a cache miss, same data, issue 21).\n',
  );
  table(cacheOnOffRows(api));
  console.log(`\nSigning in alone, cache off: ${api.cacheOff.loginAloneMs} ms.`);
}
if (api.growth21) {
  const g = api.growth21;
  console.log(
    `\nCache off at ${g.chain.lessons.toLocaleString('en')} classes and ${g.chain.users.toLocaleString('en')} users ` +
      `(seeded in ${g.seedSeconds} s; one request alone, median of 5), beside the benchmark chain.\n`,
  );
  table(growthRows(api));
  console.log(`\nChecking the password hash alone (bcryptjs, cost 10): ${g.passwordCheckMs} ms.`);
}
const under = api.rows.find((r) => r.key === 'lessonsUnderLogin');
if (under) {
  console.log(
    `\nLogins during the catalogue-under-login run: ${under.logins.rps} req/s, p99 ${under.logins.p99} ms. ` +
      `Bare node:http at ${api.nodeHttp.bytes} B: ${api.nodeHttp.rps} req/s, p99 ${api.nodeHttp.p99} ms. ` +
      `Server peak RSS: ${api.memory.map((m) => `${m.phase} ${m.peakMb} MB`).join(', ')}.\n`,
  );
}
if (api.cluster) {
  const c = api.cluster;
  console.log(
    `\n${c.instances} instances on one database behind the bench's round-robin proxy (limit: ${c.instances} ` +
      `bare Express servers behind the same proxy; READ_CACHE_SYNC_MS ${c.syncMs}).\n`,
  );
  console.log(line(['Target', 'conn.', 'req/s', 'p50 ms', 'p99 ms', 'bytes', 'limit req/s', 'limit p99 ms', 'ratio']));
  console.log(line(Array(9).fill('---')));
  for (const r of c.rows) {
    console.log(line([r.label, r.connections, r.rps, r.p50, r.p99, r.bytes, r.limit.rps, r.limit.p99, r.ratio]));
  }
  console.log(
    `\nRequests each server got: ${c.share.map((u) => `${u.instance} ${u.requests}`).join(', ')}. ` +
      `Peak RSS: ${c.memory.map((m) => `${m.phase} ${m.peakMb} MB`).join(', ')}.\n`,
  );
  console.log(line(['Read after a write through A', 'next read fresh', 'stale answers', 'last stale ms', 'fresh']));
  console.log(line(Array(5).fill('---')));
  for (const f of c.freshness) {
    console.log(line([f.read, f.nextReadFresh, f.staleAnswers ?? '—', f.lastStaleMs ?? '—', f.fresh]));
  }
  console.log('');
}
if (client) {
  console.log(
    line(['Page', 'JS gz KB', 'CSS gz KB', 'Performance', 'Accessibility', 'LCP ms', 'CLS', 'TBT ms', 'every run']),
  );
  console.log(line(Array(9).fill('---')));
  for (const c of client) {
    const runs = c.performanceRuns?.join(', ') ?? '—';
    console.log(line([c.page, c.jsGzipKb, c.cssGzipKb, c.performance, c.accessibility, c.lcpMs, c.cls, c.tbtMs, runs]));
  }
  console.log('');
}
console.log(line(['Budget', 'Result', 'Figure']));
console.log(line(Array(3).fill('---')));
for (const b of budgets) console.log(line([b.budget, `**${b.result}**`, b.figure]));
