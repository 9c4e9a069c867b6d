/**
 * How the embedded FerretDB is started (server/src/lib/database-engine.ts, and the benchmark's own
 * engine: bench/lib/database.mjs), in one place so both run the engine alike.
 */

/**
 * The name of the FerretDB binary Pulso builds with FERRETDB_PATCHES (server/src/lib/database-engine.ts),
 * numbered by the set of patches: a binary built with an earlier set has another name, so it is not used.
 */
export const FERRETDB_BINARY_NAME = 'ferretdb-1.24.2-pulso3';

/** How SQLite makes FerretDB's commits durable (`FERRETDB_SQLITE_SYNCHRONOUS`). */
export type SqliteSynchronous = 'NORMAL' | 'FULL';

/**
 * FerretDB keeps SQLite in WAL mode. SQLite's own default, `FULL`, syncs the WAL to disk at every
 * commit; `NORMAL` (the recommended pairing with WAL, and Pulso's default) syncs it at checkpoints:
 * the database stays consistent in every case and no commit is lost when the process stops or
 * crashes, but the last commits before a power loss or an OS crash may be rolled back. It took a
 * third of FerretDB's CPU per booking off (docs/performance.md). `FULL` keeps every commit through
 * a power loss, at that cost.
 */
export function sqliteSynchronous(env: NodeJS.ProcessEnv = process.env): SqliteSynchronous {
  const raw = env.FERRETDB_SQLITE_SYNCHRONOUS?.trim().toUpperCase() || 'NORMAL';
  if (raw !== 'NORMAL' && raw !== 'FULL') {
    throw new Error(`FERRETDB_SQLITE_SYNCHRONOUS must be NORMAL or FULL, not "${env.FERRETDB_SQLITE_SYNCHRONOUS}"`);
  }
  return raw;
}

/** FerretDB's command line: SQLite files in `dir`, the MongoDB protocol on 127.0.0.1:`port`. */
export function ferretDbArgs(options: { dir: string; port: number; synchronous: SqliteSynchronous }): string[] {
  return [
    '--handler=sqlite',
    // FerretDB adds its own defaults to these (WAL, a busy timeout).
    `--sqlite-url=file:${options.dir}/?_pragma=synchronous(${options.synchronous})`,
    `--state-dir=${options.dir}`,
    `--listen-addr=127.0.0.1:${options.port}`,
    // Its debug listener would otherwise take 127.0.0.1:8088 (two instances collide) and its
    // telemetry would try the internet.
    '--debug-addr=-',
    '--telemetry=disable',
    '--log-level=error',
  ];
}
