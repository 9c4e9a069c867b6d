import { execFile } from 'node:child_process';
import { DOCUMENT_LOCKS } from '../../lib/document-lock';
import { READ_MODELS } from '../../lib/read-models';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import mongoose from 'mongoose';
import { ROOT_DIR } from '../../config/paths';
import { PasswordHasher } from '../../lib/password';
import { LocalDiskStorage } from '../../lib/storage';
import { seedIfEmpty } from '../../seed/seed';
import { createTestApp } from '../../test/app';
import { testDatabaseUri, useTestDatabase, withDatabaseName } from '../../test/db';
import { CACHE_VERSIONS } from '../../lib/cache-sync';
import { claimLease, JOB_LEASES } from '../../lib/jobs';
import { backupDatabase, dataCollections, readBackup, restoreDatabase } from '../backup-core';

const run = promisify(execFile);
const { EJSON, Int32, Long, Binary } = mongoose.mongo.BSON;
type Db = mongoose.mongo.Db;

/**
 * `npm run backup` and `npm run restore` as an admin runs them (the scripts in child processes,
 * configured through the environment): the demo chain goes through a backup file into another,
 * empty database and comes back document for document, image references included.
 */
describe('backup and restore', () => {
  useTestDatabase();
  // Importing the app registers every model, so the source database has all its indexes.
  createTestApp();
  const work = mkdtempSync(path.join(os.tmpdir(), 'pulso-backup-'));
  const backupDir = path.join(work, 'backups');
  const targetUri = withDatabaseName(testDatabaseUri(), `pulso_restore_${randomBytes(4).toString('hex')}`);
  let target: mongoose.Connection | undefined;

  afterAll(async () => {
    await target?.dropDatabase().catch(() => undefined);
    await target?.close();
    rmSync(work, { recursive: true, force: true, maxRetries: 3 });
  });

  /** Runs a script like `npm run <name>` would, against the database at `uri`. */
  async function script(name: 'backup' | 'restore', uri: string, args: string[] = []) {
    const tsx = path.join(ROOT_DIR, 'node_modules', '.bin', 'tsx');
    try {
      const { stdout, stderr } = await run(tsx, [path.join('src', 'scripts', `${name}.ts`), ...args], {
        cwd: path.join(ROOT_DIR, 'server'),
        env: {
          PATH: process.env.PATH,
          HOME: process.env.HOME,
          NODE_ENV: 'test',
          MONGODB_URI: uri,
          DATA_DIR: work,
          BACKUP_DIR: backupDir,
          INIT_CWD: work,
        },
        timeout: 90_000,
      });
      return { code: 0, stdout, stderr };
    } catch (error) {
      const failed = error as { code?: number; stdout?: string; stderr?: string };
      return { code: failed.code ?? -1, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
    }
  }

  /** Every collection's documents in canonical Extended JSON, by _id. */
  async function snapshot(db: Db): Promise<Record<string, string[]>> {
    const names = (await db.listCollections({}, { nameOnly: true }).toArray())
      .map((c) => c.name)
      // Held locks and read models are process bookkeeping and derived data: backups leave them out.
      .filter((n) => !n.startsWith('system.') && n !== DOCUMENT_LOCKS && n !== READ_MODELS)
      .sort();
    const out: Record<string, string[]> = {};
    for (const name of names) {
      const docs = await db.collection(name).find({}).sort({ _id: 1 }).toArray();
      out[name] = docs.map((d) => EJSON.stringify(d, { relaxed: false }));
    }
    return out;
  }

  async function indexes(db: Db): Promise<Record<string, unknown[]>> {
    const out: Record<string, unknown[]> = {};
    for (const { name } of await db.listCollections({}, { nameOnly: true }).toArray()) {
      if (name === DOCUMENT_LOCKS || name === READ_MODELS) continue;
      const list = await db.collection(name).indexes();
      out[name] = list
        .map((i) => ({ name: i.name, key: i.key, unique: i.unique ?? false }))
        .sort((a, b) => String(a.name).localeCompare(String(b.name)));
    }
    return out;
  }

  const imageRefs = async (db: Db) =>
    (
      await Promise.all(
        ['branchoffices', 'lessons'].map((c) =>
          db
            .collection(c)
            .find({}, { projection: { image: 1, imageKey: 1 } })
            .sort({ _id: 1 })
            .toArray(),
        ),
      )
    ).flat();

  test('when the demo chain is backed up and restored into an empty database, then every document, image reference and index comes back', async () => {
    const source = mongoose.connection.db as Db;
    const storage = new LocalDiskStorage(path.join(work, 'uploads'));
    expect(await seedIfEmpty({ info: () => undefined }, { passwords: new PasswordHasher(4), storage })).toBe(true);
    // Types that plain JSON would lose (FerretDB 1.x has no Decimal128, so none here).
    await source.collection('misc').insertOne({
      int: new Int32(7),
      double: 7.5,
      long: Long.fromString('9007199254740993'),
      bytes: new Binary(Buffer.from([0, 1, 2, 255])),
      when: new Date('2026-01-02T03:04:05.678Z'),
      nested: { list: [1, 'dos', null, { tres: true }] },
      text: 'Ñandú — “comillas” \t fin',
    });
    const before = await snapshot(source);
    expect(Object.keys(before)).toEqual(
      expect.arrayContaining(['branchoffices', 'lessons', 'plans', 'users', 'payments']),
    );
    expect(before.users?.length).toBeGreaterThan(0);
    const refs = await imageRefs(source);
    expect(refs.length).toBeGreaterThan(0);
    expect(refs.every((r) => typeof r.image === 'string' && r.image && r.imageKey)).toBe(true);

    const backedUp = await script('backup', sourceUri());
    expect(backedUp).toMatchObject({ code: 0 });
    const files = readdirSync(backupDir);
    expect(files).toEqual([expect.stringMatching(/^pulso-\d{8}-\d{6}\.json$/)]);
    const file = path.join(backupDir, files[0] as string);
    expect(backedUp.stdout).toContain(`Backup written to ${file}`);
    // Readable Extended JSON with the format marker.
    expect(readFileSync(file, 'utf8')).toMatch(/^\{"format":"pulso-backup","version":1,/);

    const restored = await script('restore', targetUri, [path.relative(work, file)]);
    expect(restored).toMatchObject({ code: 0 });
    expect(restored.stdout).toContain('Restored');

    target = await mongoose.createConnection(targetUri, { serverSelectionTimeoutMS: 10_000 }).asPromise();
    const copy = target.db as Db;
    const after = await snapshot(copy);
    expect(Object.keys(after)).toEqual(Object.keys(before));
    for (const name of Object.keys(before)) expect({ name, docs: after[name] }).toEqual({ name, docs: before[name] });
    expect(await imageRefs(copy)).toEqual(refs);
    expect(await indexes(copy)).toEqual(await indexes(source));
  }, 180_000);

  test("when servers hold job leases, then the backup leaves them out with the servers' write counts", async () => {
    const source = mongoose.connection.db as Db;
    expect(await claimLease('backup-test', { leaseMs: 60_000 })).not.toBeNull();
    const names = await dataCollections(source);
    expect(names).not.toContain(JOB_LEASES);
    expect(names).not.toContain(CACHE_VERSIONS);
    await source.collection(JOB_LEASES).deleteMany({});
  });

  test('when the target database already holds documents, then restore refuses with exit code 1 and changes nothing', async () => {
    const file = path.join(backupDir, readdirSync(backupDir)[0] as string);
    const copy = target?.db as Db;
    const before = await snapshot(copy);

    const refused = await script('restore', targetUri, [file]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(
      /is not empty \(documents in: .*users.*\)\. Restore into an empty database, or add --force/,
    );
    expect(await snapshot(copy)).toEqual(before);

    const usage = await script('restore', targetUri, []);
    expect(usage.code).toBe(1);
    expect(usage.stderr).toContain('Usage: npm run restore -- FILE [--force]');

    const notABackup = await script('restore', targetUri, [path.join(ROOT_DIR, 'package.json')]);
    expect(notABackup.code).toBe(1);
    expect(notABackup.stderr).toContain('is not a Pulso backup');
    expect(await snapshot(copy)).toEqual(before);
  }, 120_000);

  test('when the backup is gzipped, then it reads back to the same documents', async () => {
    const source = mongoose.connection.db as Db;
    const plain = path.join(work, 'plain.json');
    const gzipped = path.join(work, 'packed.json.gz');
    const counts = await backupDatabase(source, plain);
    await backupDatabase(source, gzipped);
    expect(readFileSync(gzipped).subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));
    const a = await readBackup(plain);
    const b = await readBackup(gzipped);
    expect(EJSON.stringify(b.collections, { relaxed: false })).toBe(EJSON.stringify(a.collections, { relaxed: false }));
    expect(Object.fromEntries(Object.entries(a.collections).map(([n, d]) => [n, d.length]))).toEqual(counts);
  });

  test("when a started server's bookkeeping is all a database holds, then backups leave its locks out and a restore goes ahead with the backup's migration record", async () => {
    const uri = (name: string) =>
      withDatabaseName(testDatabaseUri(), `pulso_${name}_${randomBytes(4).toString('hex')}`);
    const from = await mongoose.createConnection(uri('from'), { serverSelectionTimeoutMS: 10_000 }).asPromise();
    const into = await mongoose.createConnection(uri('into'), { serverSelectionTimeoutMS: 10_000 }).asPromise();
    try {
      const [a, b] = [from.db as Db, into.db as Db];
      await a.collection('plans').insertOne({ name: 'Plus' });
      await a.collection('migrations').insertOne({ _id: '001-old' as never, appliedAt: new Date() });
      await a.collection('locks').insertOne({ _id: 'startup:1' as never, name: 'startup', generation: 1 });
      // The empty target was started once: its own records of migrations and of the lock.
      await b.collection('migrations').insertMany([{ _id: '001-old' as never }, { _id: '002-new' as never }]);
      await b.collection('locks').insertOne({ _id: 'startup:3' as never, name: 'startup', generation: 3 });

      const file = path.join(work, 'bookkeeping.json');
      const counts = await backupDatabase(a, file);
      expect(counts).toEqual({ migrations: 1, plans: 1 });
      await restoreDatabase(b, await readBackup(file));
      expect(await b.collection('plans').countDocuments()).toBe(1);
      expect((await b.collection('migrations').find({}).toArray()).map((m) => m._id)).toEqual(['001-old']);
    } finally {
      await from.dropDatabase().catch(() => undefined);
      await into.dropDatabase().catch(() => undefined);
      await Promise.all([from.close(), into.close()]);
    }
  });

  function sourceUri(): string {
    return withDatabaseName(testDatabaseUri(), (mongoose.connection.db as Db).databaseName);
  }
});
