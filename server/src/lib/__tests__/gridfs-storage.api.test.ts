import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import mongoose from 'mongoose';
import request from 'supertest';
import { backupDatabase, readBackup, restoreDatabase } from '../../scripts/backup-core';
import { createTestApp } from '../../test/app';
import { resetReadModels, testDatabaseUri, useTestDatabase, withDatabaseName } from '../../test/db';
import { bearer, createTestUser, type TestUser } from '../../test/fixtures';
import { JPEG, PNG } from '../../test/images';
import { BranchModel } from '../../modules/branches/branches.model';

/**
 * STORAGE=gridfs: images in the database, served by every server on it at the same /uploads paths
 * and with the same headers as the local-disk driver, removed with their record, and carried by
 * `npm run backup` and `npm run restore`.
 */
describe('images in GridFS (STORAGE=gridfs)', () => {
  useTestDatabase();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pulso-gridfs-'));
  // Two servers on one database (one JWT secret), each with its own empty disk folder.
  const JWT_SECRET = randomBytes(32).toString('hex');
  const a = createTestApp({ STORAGE: 'gridfs', JWT_SECRET, DATA_DIR: path.join(dataDir, 'a') });
  const b = createTestApp({ STORAGE: 'gridfs', JWT_SECRET, DATA_DIR: path.join(dataDir, 'b') });
  const disk = createTestApp({ JWT_SECRET, DATA_DIR: path.join(dataDir, 'disk') });
  let admin: TestUser;
  const files = () => mongoose.connection.collection('uploads.files');
  const chunks = () => mongoose.connection.collection('uploads.chunks');
  /** A PNG the upload check accepts, `size` bytes long (several GridFS chunks when large). */
  const png = (size: number) => Buffer.concat([PNG, randomBytes(Math.max(0, size - PNG.length))]);

  beforeAll(async () => {
    admin = await createTestUser(a.config, { isAdmin: true });
  });
  beforeEach(async () => {
    await resetReadModels();
    await Promise.all([BranchModel.deleteMany({}), files().deleteMany({}), chunks().deleteMany({})]);
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  const attrs = {
    name: 'Sede Centro',
    location: 'Avenida Juárez 123',
    scheduleDays: ['Lunes', 'Miércoles', 'Viernes'],
    scheduleHourStart: '7:00',
    scheduleHourFinish: '22:00',
  };

  function send(app: typeof a.app, method: 'post' | 'put', url: string, data?: Buffer, name = 'sede.png') {
    const req = request(app)[method](url).set(bearer(admin)).field('officeAttributes', JSON.stringify(attrs));
    return data ? req.attach('image', data, name) : req;
  }

  async function createBranch(app: typeof a.app, data: Buffer, name = 'sede.png') {
    const res = await send(app, 'post', '/api/branchoffice/create', data, name);
    expect(res.status).toBe(201);
    return res.body.branchoffice as { id: string; image: string };
  }

  const keyOf = (url: string) => url.split('/').pop() ?? '';

  test("when an image is uploaded through one server, then another serves it at the same path with the disk driver's headers", async () => {
    const image = png(600_000);
    const created = await createBranch(a.app, image);
    expect(created.image).toMatch(/^\/uploads\/[0-9a-f-]{36}\.png$/);
    const served = await request(b.app).get(created.image).buffer(true).expect(200);
    expect(Buffer.compare(served.body as Buffer, image)).toBe(0);
    // The same image stored on disk, for the headers to compare (a sede of the same name: the first goes).
    await BranchModel.deleteMany({});
    const onDisk = await request(disk.app)
      .get((await createBranch(disk.app, image)).image)
      .expect(200);
    for (const header of ['content-type', 'cache-control', 'cross-origin-resource-policy', 'content-length']) {
      expect([header, served.headers[header]]).toEqual([header, onDisk.headers[header]]);
    }
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toBe('public, max-age=604800');
    // Three chunks of 255 KiB at most, the file written after them.
    expect(await chunks().countDocuments({ files_id: keyOf(created.image) })).toBe(3);
    // Conditional requests and HEAD, as for files on disk.
    const again = await request(a.app).get(created.image).set('If-None-Match', String(served.headers.etag));
    expect(again.status).toBe(304);
    const head = await request(a.app).head(created.image).expect(200);
    expect(head.headers['content-length']).toBe(String(image.length));
  });

  test('when a JPEG is uploaded, then it is served as image/jpeg', async () => {
    const created = await createBranch(a.app, JPEG, 'foto.jpg');
    const served = await request(b.app).get(created.image).buffer(true).expect(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(Buffer.compare(served.body as Buffer, JPEG)).toBe(0);
  });

  test('when a file is not there or the name is not one of ours, then the answer is the one on disk', async () => {
    const cases = [
      ['/uploads/no-existe.png', 404],
      [`/uploads/${'0'.repeat(36)}.png`, 404],
      ['/uploads/', 404],
      ['/uploads/%E0%A4%A.png', 400],
    ] as const;
    for (const [url, status] of cases) {
      const [fromGridFs, fromDisk] = await Promise.all([request(a.app).get(url), request(disk.app).get(url)]);
      expect({ url, status: fromGridFs.status, body: fromGridFs.body }).toEqual({ url, status, body: fromDisk.body });
      expect(fromDisk.status).toBe(status);
    }
    const post = await request(a.app).post('/uploads/no-existe.png');
    expect(post.status).toBe((await request(disk.app).post('/uploads/no-existe.png')).status);
  });

  test("when a record's image is replaced and then the record deleted, then each old image leaves GridFS, on every server", async () => {
    const created = await createBranch(a.app, png(300_000));
    const first = keyOf(created.image);
    await request(b.app).get(created.image).expect(200);
    const updated = await send(b.app, 'put', `/api/branchoffice/update/${created.id}`, png(1000), 'nueva.png');
    expect(updated.status).toBe(200);
    const second = keyOf(updated.body.branchoffice.image);
    expect(second).not.toBe(first);
    expect(await files().countDocuments({ _id: first as never })).toBe(0);
    expect(await chunks().countDocuments({ files_id: first })).toBe(0);
    // Server b had served the old image: it does not any more.
    await request(b.app).get(`/uploads/${first}`).expect(404);
    await request(a.app).get(`/uploads/${second}`).expect(200);
    await request(a.app).delete(`/api/branchoffice/delete/${created.id}`).set(bearer(admin)).expect(200);
    expect(await files().countDocuments({})).toBe(0);
    expect(await chunks().countDocuments({})).toBe(0);
    await request(b.app).get(`/uploads/${second}`).expect(404);
  });

  test('when a record cannot be written, then the image it came with is not left in GridFS', async () => {
    await createBranch(a.app, PNG);
    const duplicate = await send(b.app, 'post', '/api/branchoffice/create', png(300_000));
    expect(duplicate.status).toBe(409);
    expect(await files().countDocuments({})).toBe(1);
    expect(await chunks().countDocuments({})).toBe(1);
  });

  test('when the database is backed up and restored elsewhere, then its images come back and read with GridFSBucket too', async () => {
    const image = png(700_000);
    const created = await createBranch(a.app, image);
    const file = path.join(dataDir, 'backup.json.gz');
    const source = mongoose.connection.db as mongoose.mongo.Db;
    // A counted request: the rate limits' counters are not data and stay out of backups.
    await request(a.app).post('/api/users/login').send({ email: admin.email, password: 'Mala12345' }).expect(401);
    const counts = await backupDatabase(source, file);
    expect(counts['uploads.files']).toBe(1);
    expect(counts['uploads.chunks']).toBe(3);
    expect(Object.keys(counts).filter((name) => name.startsWith('ratelimit'))).toEqual([]);
    const target = await mongoose
      .createConnection(withDatabaseName(testDatabaseUri(), `pulso_gridfs_${randomBytes(4).toString('hex')}`))
      .asPromise();
    try {
      const db = target.db as mongoose.mongo.Db;
      await restoreDatabase(db, await readBackup(file));
      const bucket = new mongoose.mongo.GridFSBucket(db, { bucketName: 'uploads' });
      const parts: Buffer[] = [];
      for await (const part of bucket.openDownloadStream(keyOf(created.image) as never)) parts.push(part as Buffer);
      expect(Buffer.compare(Buffer.concat(parts), image)).toBe(0);
      expect(await db.collection('branchoffices').findOne({}, { projection: { image: 1 } })).toMatchObject({
        image: created.image,
      });
    } finally {
      await target.dropDatabase().catch(() => undefined);
      await target.close();
    }
  });
});
