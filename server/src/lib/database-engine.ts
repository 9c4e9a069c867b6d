import { execFile, spawn, type ChildProcess } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
  chmodSync,
} from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { FERRETDB_BINARY_NAME, ferretDbArgs, sqliteSynchronous, type SqliteSynchronous } from './ferretdb-args';

/**
 * Finds a MongoDB-protocol database for Pulso, in this order:
 *
 *   1. MONGODB_URI (a hosted MongoDB, a replica set, docker compose);
 *   2. a `mongod` already on this machine, started through mongodb-memory-server-core;
 *   3. a FerretDB 1.x binary already built (MongoDB wire protocol over SQLite);
 *   4. `mongod` downloaded by mongodb-memory-server-core (needs the internet);
 *   5. FerretDB v1.24.2 built once with Go into the user's cache (needs Go and its module proxy).
 *
 * Embedded engines keep their files under `dataDir` and are stopped by `stop()`.
 * Every step announces itself in one line and has a timeout; when all fail, one error says what
 * to install or set.
 */

const execFileAsync = promisify(execFile);

export const FERRETDB_VERSION = 'v1.24.2';
const FERRETDB_MODULE = 'github.com/FerretDB/FerretDB';

/** A change Pulso makes to FerretDB's source when it builds it: `from` replaced by `to` in `file`. */
export interface FerretDbPatch {
  file: string;
  from: string;
  to: string;
}

const ID_IN_FUNCTION = `
// idInClause (Pulso's patch) returns the WHERE clause of a filter {_id: {$in: [...]}} whose values
// are all strings or ObjectIDs (at most 1000), looked up through the _id index; "" (every row) for
// any other filter. The handler filters the rows it gets in memory either way.
func idInClause(d *types.Document) (string, []any) {
	if d.Len() != 1 {
		return "", nil
	}
	v, err := d.Get("$in")
	if err != nil {
		return "", nil
	}
	values, ok := v.(*types.Array)
	if !ok || values.Len() == 0 || values.Len() > 1000 {
		return "", nil
	}
	args := make([]any, 0, values.Len())
	for i := 0; i < values.Len(); i++ {
		value := must.NotFail(values.Get(i))
		switch value.(type) {
		case string, types.ObjectID:
			args = append(args, string(must.NotFail(sjson.MarshalSingleValue(value))))
		default:
			return "", nil
		}
	}
	return fmt.Sprintf(\` WHERE %s IN (?%s)\`, metadata.IDColumn, strings.Repeat(", ?", len(args)-1)), args
}
`;

/**
 * The changes Pulso makes to FerretDB 1.24.2 when it builds it (the binary carries their name, so
 * one built before them is not used: a first start builds the patched one).
 *
 * 1. Its SQLite backend indexes every collection on `_ferretdb_sjson->"_id"` but looks documents
 *    up by `_ferretdb_sjson->'$._id'`: the same value written differently, so SQLite never uses
 *    that index and every read, update and delete by `_id` scans the whole table (109 ms for the
 *    last of 48,000 documents, 1 ms with the index). The lookup now uses the index's own
 *    expression, so existing databases are fast without rebuilding anything.
 * 2. A filter `{_id: {$in: [...]}}` scanned the whole table (only `_id` equality reached SQLite);
 *    it is now looked up through the same index. Pulso sends point reads made at the same moment
 *    as one such read (lib/combined-reads.ts): on FerretDB a command costs far more than a
 *    document in it (docs/performance.md, "Booking rush").
 * 3. FerretDB tracks the lifetime of every iterator and transaction it opens, to find leaks in its
 *    own tests: each one recorded a stack trace in a pprof profile and got a finalizer that
 *    panics (stopping the database) if it is ever collected unclosed. That took 11–13 % of its CPU
 *    under bookings; it now runs only in FerretDB's debug builds (`debugbuild.Enabled`), as its
 *    stack capture already did.
 */
export const FERRETDB_PATCHES: readonly FerretDbPatch[] = [
  {
    file: 'internal/backends/sqlite/metadata/metadata.go',
    from: `IDColumn = DefaultColumn + "->'$._id'"`,
    to: 'IDColumn = DefaultColumn + `->"_id"`',
  },
  {
    file: 'internal/backends/sqlite/collection.go',
    from: `\t\tcase string, types.ObjectID:
\t\t\twhereClause = fmt.Sprintf(\` WHERE %s = ?\`, metadata.IDColumn)
\t\t\targs = []any{string(must.NotFail(sjson.MarshalSingleValue(v)))}
\t\t}`,
    to: `\t\tcase string, types.ObjectID:
\t\t\twhereClause = fmt.Sprintf(\` WHERE %s = ?\`, metadata.IDColumn)
\t\t\targs = []any{string(must.NotFail(sjson.MarshalSingleValue(v)))}
\t\tcase *types.Document:
\t\t\twhereClause, args = idInClause(v.(*types.Document))
\t\t}`,
  },
  {
    file: 'internal/backends/sqlite/collection.go',
    from: `\t\tcase string, types.ObjectID:
\t\t\tfilterPushdown = true
\t\t\twhereClause = fmt.Sprintf(\` WHERE %s = ?\`, metadata.IDColumn)
\t\t\targs = []any{string(must.NotFail(sjson.MarshalSingleValue(v)))}
\t\t}`,
    to: `\t\tcase string, types.ObjectID:
\t\t\tfilterPushdown = true
\t\t\twhereClause = fmt.Sprintf(\` WHERE %s = ?\`, metadata.IDColumn)
\t\t\targs = []any{string(must.NotFail(sjson.MarshalSingleValue(v)))}
\t\tcase *types.Document:
\t\t\twhereClause, args = idInClause(v.(*types.Document))
\t\t\tfilterPushdown = whereClause != ""
\t\t}`,
  },
  ...['Track', 'Untrack'].map((name) => ({
    file: 'internal/util/resource/resource.go',
    from: `func ${name}(obj any, token *Token) {
\tcheckArgs(obj, token)
`,
    to: `func ${name}(obj any, token *Token) {
\tcheckArgs(obj, token)

\tif !debugbuild.Enabled {
\t\treturn
\t}
`,
  })),
  {
    file: 'internal/backends/sqlite/collection.go',
    from: '// check interfaces\n',
    to: `${ID_IN_FUNCTION}\n// check interfaces\n`,
  },
];

/** Applies FERRETDB_PATCHES to a copy of FerretDB's source; throws when the source is not the expected one. */
export function patchFerretDbSource(sourceDir: string): void {
  for (const patch of FERRETDB_PATCHES) {
    const file = path.join(sourceDir, patch.file);
    const source = readFileSync(file, 'utf8');
    if (source.split(patch.from).length !== 2) {
      throw new Error(`FerretDB source does not have the expected code in ${patch.file}: ${patch.from.slice(0, 60)}`);
    }
    chmodSync(file, 0o644);
    writeFileSync(file, source.replace(patch.from, patch.to));
  }
}

export type EngineKind = 'external' | 'mongod' | 'ferretdb';

export interface ResolvedDatabase {
  uri: string;
  kind: EngineKind;
  /** One line for the logs: what is serving the data. */
  description: string;
  stop(): Promise<void>;
}

export interface ResolveOptions {
  /** A configured connection string; when set nothing is started. */
  mongodbUri?: string | undefined;
  /** Where an embedded engine keeps its files. */
  dataDir: string;
  /** Database name used in the URI of an embedded engine. */
  dbName?: string;
  /** Progress lines ("trying X..."). */
  log?: (line: string) => void;
  /**
   * Process environment to read PATH, XDG_CACHE_HOME, MONGOD_BINARY, FERRETDB_BINARY and
   * FERRETDB_SQLITE_SYNCHRONOUS from.
   */
  env?: NodeJS.ProcessEnv;
  /** Allow the slow network steps (mongod download, FerretDB build). */
  allowDownloads?: boolean;
  /** TCP port of an embedded engine (default: a free one); a restart on the same port looks like the same server. */
  port?: number;
}

export class DatabaseUnavailableError extends Error {
  override name = 'DatabaseUnavailableError';
}

export function pulsoCacheDir(env: NodeJS.ProcessEnv = process.env): string {
  const base = env.XDG_CACHE_HOME?.trim() || path.join(os.homedir(), '.cache');
  return path.join(base, 'pulso');
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} timed out after ${Math.round(ms / 1000)} s`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** The first executable called `name` on PATH, or undefined. */
function which(name: string, env: NodeJS.ProcessEnv): string | undefined {
  for (const dir of (env.PATH ?? '').split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, name);
    if (existsSync(candidate)) return candidate;
  }
  return undefined;
}

/** A TCP port nothing listens on right now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Resolves once something accepts TCP connections on the port; rejects if the child exits first. */
async function waitForPort(port: number, child: ChildProcess, ms: number, stderr: () => string): Promise<void> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`exited with ${child.exitCode ?? child.signalCode}: ${stderr().trim().slice(-500)}`);
    }
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect({ port, host: '127.0.0.1' });
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`did not accept connections within ${Math.round(ms / 1000)} s`);
}

/** Child processes still running when this process exits are killed with it. */
const children = new Set<ChildProcess>();
let exitHookInstalled = false;
function track(child: ChildProcess): void {
  children.add(child);
  child.once('exit', () => children.delete(child));
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    process.once('exit', () => {
      for (const c of children) c.kill('SIGKILL');
    });
  }
}

async function stopChild(child: ChildProcess, ms = 5000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), ms);
  await exited;
  clearTimeout(timer);
}

// ---------------------------------------------------------------------------------------------
// mongod through mongodb-memory-server-core

function downloadedMongod(cacheDir: string): string | undefined {
  const dir = path.join(cacheDir, 'mongodb-binaries');
  if (!existsSync(dir)) return undefined;
  const found = readdirSync(dir).find((f) => f.startsWith('mongod'));
  return found ? path.join(dir, found) : undefined;
}

async function startMongod(options: {
  dataDir: string;
  dbName: string;
  systemBinary?: string;
  downloadDir: string;
  timeoutMs: number;
  port?: number;
}): Promise<ResolvedDatabase> {
  const { MongoBinary, MongoMemoryServer } = await import('mongodb-memory-server-core');
  // Resolve (download) the binary first: a failed download then surfaces as one error here instead
  // of the library's multi-line console warning.
  const systemBinary =
    options.systemBinary ??
    (await withTimeout(
      MongoBinary.getPath({ downloadDir: options.downloadDir }),
      options.timeoutMs,
      'mongod download',
    ));
  const dbPath = path.join(options.dataDir, 'mongod');
  mkdirSync(dbPath, { recursive: true });
  const server = await withTimeout(
    MongoMemoryServer.create({
      instance: {
        dbPath,
        storageEngine: 'wiredTiger',
        ip: '127.0.0.1',
        launchTimeout: options.timeoutMs,
        ...(options.port ? { port: options.port } : {}),
      },
      binary: { downloadDir: options.downloadDir, systemBinary },
    }),
    options.timeoutMs,
    'mongod',
  );
  const uri = server.getUri(options.dbName);
  return {
    uri,
    kind: 'mongod',
    description: `embedded mongod at ${uri} (data in ${dbPath})`,
    async stop() {
      // doCleanup false: dbPath is ours and must survive restarts.
      await server.stop({ doCleanup: false });
    },
  };
}

// ---------------------------------------------------------------------------------------------
// FerretDB

async function isFerretDb1(binary: string): Promise<boolean> {
  try {
    const { stdout } = await execFileAsync(binary, ['--version'], { timeout: 10_000 });
    return /version:\s*v1\./.test(stdout);
  } catch {
    return false;
  }
}

async function findFerretDb(env: NodeJS.ProcessEnv, cacheDir: string): Promise<string | undefined> {
  const candidates = [
    env.FERRETDB_BINARY?.trim(),
    path.join(cacheDir, 'bin', FERRETDB_BINARY_NAME),
    which('ferretdb', env),
  ];
  for (const candidate of candidates) {
    if (candidate && existsSync(candidate) && (await isFerretDb1(candidate))) return candidate;
  }
  return undefined;
}

async function startFerretDb(
  binary: string,
  dataDir: string,
  dbName: string,
  timeoutMs: number,
  synchronous: SqliteSynchronous,
  fixedPort?: number,
): Promise<ResolvedDatabase> {
  const dir = path.join(dataDir, 'ferretdb');
  mkdirSync(dir, { recursive: true });
  const port = fixedPort ?? (await freePort());
  const child = spawn(binary, ferretDbArgs({ dir, port, synchronous }), { stdio: ['ignore', 'ignore', 'pipe'] });
  track(child);
  let stderr = '';
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-4000);
  });
  try {
    await waitForPort(port, child, timeoutMs, () => stderr);
  } catch (error) {
    await stopChild(child);
    throw error;
  }
  const uri = `mongodb://127.0.0.1:${port}/${dbName}`;
  return {
    uri,
    kind: 'ferretdb',
    description: `embedded FerretDB ${FERRETDB_VERSION.replace(/^v/, '')} (SQLite) at ${uri} (data in ${dir})`,
    stop: () => stopChild(child),
  };
}

/**
 * Builds FerretDB with Go into `<cache>/bin/<FERRETDB_BINARY_NAME>`. The module zip lacks the
 * generated build/version/version.txt that the binary needs at start (and `go install` of it fails
 * on module proxies that refuse the deprecation lookup), so the module is downloaded, copied, given
 * its version file and Pulso's patches (FERRETDB_PATCHES), and built with `go build`.
 */
async function buildFerretDb(cacheDir: string, env: NodeJS.ProcessEnv, log: (line: string) => void): Promise<string> {
  const go = which('go', env);
  if (!go) throw new Error('Go is not installed');
  const binDir = path.join(cacheDir, 'bin');
  mkdirSync(binDir, { recursive: true });
  log(`Building FerretDB ${FERRETDB_VERSION} with Go into ${binDir} (first run only, a few minutes)...`);
  const goEnv = { ...env, GOFLAGS: '-mod=mod', CGO_ENABLED: '0' };
  const { stdout } = await execFileAsync(go, ['mod', 'download', '-json', `${FERRETDB_MODULE}@${FERRETDB_VERSION}`], {
    env: goEnv,
    timeout: 10 * 60_000,
    maxBuffer: 1 << 20,
  });
  const moduleDir = (JSON.parse(stdout) as { Dir?: string }).Dir;
  if (!moduleDir) throw new Error('go mod download did not report a module directory');
  const work = mkdtempSync(path.join(os.tmpdir(), 'pulso-ferretdb-src-'));
  try {
    cpSync(moduleDir, work, { recursive: true });
    chmodSync(path.join(work, 'build', 'version'), 0o755);
    writeFileSync(path.join(work, 'build', 'version', 'version.txt'), `${FERRETDB_VERSION}\n`);
    patchFerretDbSource(work);
    const target = path.join(binDir, `ferretdb.${process.pid}.tmp`);
    await execFileAsync(go, ['build', '-trimpath', '-o', target, './cmd/ferretdb'], {
      cwd: work,
      env: goEnv,
      timeout: 20 * 60_000,
      maxBuffer: 1 << 22,
    });
    const binary = path.join(binDir, FERRETDB_BINARY_NAME);
    renameSync(target, binary);
    return binary;
  } finally {
    rmSync(work, { recursive: true, force: true, maxRetries: 3 });
  }
}

// ---------------------------------------------------------------------------------------------

export async function resolveDatabase(options: ResolveOptions): Promise<ResolvedDatabase> {
  const env = options.env ?? process.env;
  const log = options.log ?? (() => undefined);
  const dbName = options.dbName ?? 'pulso';
  const cacheDir = pulsoCacheDir(env);
  const downloadDir = path.join(cacheDir, 'mongodb-binaries');
  const allowDownloads = options.allowDownloads ?? true;
  const synchronous = sqliteSynchronous(env);

  if (options.mongodbUri) {
    const shown = options.mongodbUri.replace(/\/\/[^@/]*@/, '//***@');
    return {
      uri: options.mongodbUri,
      kind: 'external',
      description: `MongoDB at ${shown}`,
      stop: async () => undefined,
    };
  }

  const failures: string[] = [];
  const attempt = async (label: string, run: () => Promise<ResolvedDatabase | undefined>) => {
    try {
      return await run();
    } catch (error) {
      const reason = (error instanceof Error ? error.message : String(error)).replace(/\s+/g, ' ').slice(0, 300);
      failures.push(`${label}: ${reason}`);
      log(`  ${label} failed: ${reason}`);
      return undefined;
    }
  };

  // 2. A mongod on this machine (or one downloaded by an earlier run).
  const localMongod = env.MONGOD_BINARY?.trim() || which('mongod', env) || downloadedMongod(cacheDir);
  if (localMongod) {
    const db = await attempt('mongod', () => {
      log(`Starting mongod (${localMongod})...`);
      return startMongod({
        dataDir: options.dataDir,
        dbName,
        systemBinary: localMongod,
        downloadDir,
        timeoutMs: 30_000,
        port: options.port,
      });
    });
    if (db) return db;
  }

  // 3. A FerretDB 1.x binary already built.
  const ferret = await findFerretDb(env, cacheDir);
  if (ferret) {
    const db = await attempt('FerretDB', () => {
      log(`Starting FerretDB (${ferret})...`);
      return startFerretDb(ferret, options.dataDir, dbName, 30_000, synchronous, options.port);
    });
    if (db) return db;
  }

  if (allowDownloads) {
    // 4. mongod downloaded by mongodb-memory-server-core.
    const downloaded = await attempt('mongod download', () => {
      log('Downloading mongod with mongodb-memory-server (needs the internet, up to 5 min)...');
      return startMongod({ dataDir: options.dataDir, dbName, downloadDir, timeoutMs: 5 * 60_000, port: options.port });
    });
    if (downloaded) return downloaded;

    // 5. FerretDB built with Go.
    const built = await attempt('FerretDB build', async () => {
      const binary = await buildFerretDb(cacheDir, env, log);
      log(`Starting FerretDB (${binary})...`);
      return startFerretDb(binary, options.dataDir, dbName, 30_000, synchronous, options.port);
    });
    if (built) return built;
  }

  throw new DatabaseUnavailableError(
    [
      'No MongoDB-compatible database could be started. Tried:',
      ...failures.map((f) => `  - ${f}`),
      'Do one of these, then run the command again:',
      '  - set MONGODB_URI to a MongoDB server (e.g. mongodb://localhost:27017/pulso or an Atlas URI);',
      '  - install MongoDB (mongod on PATH, or MONGOD_BINARY=/path/to/mongod);',
      '  - install Go 1.22+ so Pulso can build FerretDB once (or set FERRETDB_BINARY to a FerretDB 1.x binary);',
      '  - connect to the internet so mongod can be downloaded.',
    ].join('\n'),
  );
}
