import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import mongoose, { Schema } from 'mongoose';
import { resolveDatabase, type ResolvedDatabase } from '../database-engine';

/**
 * The embedded engine is a real database: it enforces unique indexes and keeps its data on disk
 * across a restart. (With MONGODB_URI set this still starts an embedded engine of its own.)
 */
describe('embedded database engine', () => {
  let dataDir: string;
  let engine: ResolvedDatabase | undefined;

  beforeAll(() => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'pulso-engine-'));
  });

  afterAll(async () => {
    await engine?.stop();
    rmSync(dataDir, { recursive: true, force: true, maxRetries: 3 });
  });

  const schema = new Schema({ email: { type: String, required: true, unique: true }, name: String });

  async function withConnection<T>(uri: string, run: (conn: mongoose.Connection) => Promise<T>): Promise<T> {
    const conn = await mongoose.createConnection(uri, { serverSelectionTimeoutMS: 10_000 }).asPromise();
    try {
      return await run(conn);
    } finally {
      await conn.close();
    }
  }

  test('when a duplicate key is inserted, then the engine refuses it; after a restart the data is still there', async () => {
    engine = await resolveDatabase({ dataDir, dbName: 'engine_check' });
    expect(engine.kind).not.toBe('external');

    await withConnection(engine.uri, async (conn) => {
      const Person = conn.model('Person', schema, 'people');
      await Person.init();
      await Person.create({ email: 'ana@example.com', name: 'Ana' });
      await expect(Person.create({ email: 'ana@example.com', name: 'Otra' })).rejects.toMatchObject({ code: 11000 });
      expect(await Person.countDocuments()).toBe(1);
    });

    await engine.stop();
    engine = await resolveDatabase({ dataDir, dbName: 'engine_check' });

    await withConnection(engine.uri, async (conn) => {
      const Person = conn.model('Person', schema, 'people');
      const people = await Person.find().lean();
      expect(people).toEqual([expect.objectContaining({ email: 'ana@example.com', name: 'Ana' })]);
      await expect(Person.create({ email: 'ana@example.com' })).rejects.toMatchObject({ code: 11000 });
    });
  }, 120_000);

  test('when MONGODB_URI is given, then nothing is started and the URI is used as it is', async () => {
    const external = await resolveDatabase({ mongodbUri: 'mongodb://db.example:27017/pulso', dataDir });
    expect(external).toMatchObject({ kind: 'external', uri: 'mongodb://db.example:27017/pulso' });
    await external.stop();
  });
});
