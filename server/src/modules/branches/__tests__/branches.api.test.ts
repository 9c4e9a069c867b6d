import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Types } from 'mongoose';
import request from 'supertest';
import { createTestApp } from '../../../test/app';
import { resetReadModels, useTestDatabase } from '../../../test/db';
import { bearer, createTestUser, type TestUser } from '../../../test/fixtures';
import { JPEG, PNG, SVG } from '../../../test/images';
import { LessonModel } from '../../lessons/lessons.model';
import { BranchModel } from '../branches.model';

describe('branches (sedes) API', () => {
  useTestDatabase();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pulso-branches-'));
  const { app, config } = createTestApp({ DATA_DIR: dataDir, PUBLIC_URL: 'https://gym.example' });
  const uploads = () => (existsSync(config.uploadsDir) ? readdirSync(config.uploadsDir) : []);
  let admin: TestUser;
  let member: TestUser;

  beforeAll(async () => {
    [admin, member] = await Promise.all([createTestUser(config, { isAdmin: true }), createTestUser(config)]);
  });
  beforeEach(async () => {
    await resetReadModels();
    await BranchModel.deleteMany({});
    rmSync(config.uploadsDir, { recursive: true, force: true });
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  const attrs = {
    name: 'Sede Centro',
    location: 'Avenida Juárez 123',
    scheduleDays: ['Lunes', 'Miércoles', 'Viernes'],
    scheduleHourStart: '7:00',
    scheduleHourFinish: '22:00',
  };

  function send(method: 'post' | 'put', url: string, fields: object, file?: { data: Buffer; name: string }) {
    const req = request(app)[method](url).set(bearer(admin)).field('officeAttributes', JSON.stringify(fields));
    return file ? req.attach('image', file.data, file.name) : req;
  }

  async function createBranch(fields: object = attrs) {
    const res = await send('post', '/api/branchoffice/create', fields, { data: PNG, name: 'centro.png' });
    expect(res.status).toBe(201);
    return res.body.branchoffice as { id: string; image: string };
  }

  test('when an admin creates a sede with an image, then it is stored under a server-made name and served cross-origin', async () => {
    const res = await send('post', '/api/branchoffice/create', attrs, { data: PNG, name: '../../centro final.png' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      message: 'Sede creada con éxito',
      branchoffice: {
        id: expect.any(String),
        ...attrs,
        image: expect.stringMatching(/^\/uploads\/[0-9a-f-]{36}\.png$/),
      },
    });
    const key = res.body.branchoffice.image.split('/').pop();
    expect(uploads()).toEqual([key]);
    const file = await request(app).get(`/uploads/${key}`).expect(200);
    expect(file.headers['cross-origin-resource-policy']).toBe('cross-origin');
  });

  test('when the site is reached at different addresses, then every answer names the image by the same path', async () => {
    const created = await createBranch();
    for (const host of ['localhost:3000', '127.0.0.1:3000', '192.168.1.20:3000']) {
      const origin = `http://${host}`;
      const list = await request(app).get('/api/branchoffice').set('Host', host).set('Origin', origin).expect(200);
      expect(list.body.branchOffice).toEqual([expect.objectContaining({ image: created.image })]);
      const one = await request(app).get(`/api/branchoffice/${created.id}`).set('Host', host).expect(200);
      expect(one.body.branchoffice.image).toBe(created.image);
    }
    expect(created.image).toMatch(/^\/uploads\//);
  });

  test('when anyone lists or reads sedes, then the spec shapes come back', async () => {
    const created = await createBranch();
    const list = await request(app).get('/api/branchoffice').expect(200);
    expect(list.body).toEqual({ branchOffice: [expect.objectContaining({ id: created.id, name: 'Sede Centro' })] });
    const one = await request(app).get(`/api/branchoffice/${created.id}`).expect(200);
    expect(one.body.branchoffice).toMatchObject({ name: 'Sede Centro', location: 'Avenida Juárez 123' });
    expect((await request(app).get(`/api/branchoffice/${new Types.ObjectId().toString()}`)).body).toEqual({
      code: 'NOT_FOUND',
      message: 'No se encontró la sede',
    });
  });

  test.each([
    [{ name: '' }, 'name', 'El nombre es obligatorio.'],
    [{ name: 'Sede 1' }, 'name', 'El nombre solo puede contener letras.'],
    [{ name: 'Ño' }, 'name', 'El nombre debe tener al menos 3 caracteres.'],
    [{ location: '' }, 'location', 'La dirección es obligatoria'],
    [{ location: 'Calle #5' }, 'location', 'La dirección no debe contener caracteres especiales'],
    [{ location: 'C 12' }, 'location', 'La dirección debe tener al menos 5 caracteres'],
    [{ scheduleDays: [] }, 'scheduleDays', 'Debe seleccionar al menos un día'],
    [{ scheduleHourStart: '' }, 'scheduleHourStart', 'Debe seleccionar hora de inicio'],
    [{ scheduleHourFinish: '' }, 'scheduleHourFinish', 'Debe seleccionar hora de fin'],
    [{ scheduleHourFinish: '6:00' }, 'scheduleHourFinish', 'La hora de fin debe ser posterior a la hora de inicio'],
    [{ name: { $ne: '' } }, 'name', 'El valor enviado no tiene el tipo correcto'],
  ])('when %o, then 400 on %s: %s and no file is left', async (change, field, message) => {
    const res = await send('post', '/api/branchoffice/create', { ...attrs, ...change }, { data: PNG, name: 'a.png' });
    expect(res.status).toBe(400);
    expect(res.body.details).toContainEqual({ field, message });
    expect(uploads()).toEqual([]);
    expect(await BranchModel.countDocuments()).toBe(0);
  });

  test('when a sede name has accents and ñ, then it is accepted', async () => {
    await createBranch({ ...attrs, name: 'Sede Peñalolén' });
  });

  test('when the image is missing on create, then 400 on image', async () => {
    const res = await send('post', '/api/branchoffice/create', attrs);
    expect(res.status).toBe(400);
    expect(res.body.details).toContainEqual({ field: 'image', message: 'La imagen es obligatoria' });
  });

  test('when the attributes are missing or not JSON, then 400', async () => {
    const missing = await request(app)
      .post('/api/branchoffice/create')
      .set(bearer(admin))
      .attach('image', PNG, 'a.png');
    expect(missing.status).toBe(400);
    const broken = await request(app)
      .post('/api/branchoffice/create')
      .set(bearer(admin))
      .field('officeAttributes', '{"name":')
      .attach('image', PNG, 'a.png');
    expect(broken.status).toBe(400);
    expect(broken.body.code).toBe('INVALID_JSON');
    expect(uploads()).toEqual([]);
  });

  describe('uploads', () => {
    test('when a file named .png is not an image, then 415 and nothing is stored', async () => {
      const res = await send('post', '/api/branchoffice/create', attrs, {
        data: Buffer.from('MZ not an image'),
        name: 'x.png',
      });
      expect(res.status).toBe(415);
      expect(res.body.code).toBe('UNSUPPORTED_MEDIA_TYPE');
      expect(uploads()).toEqual([]);
      expect(await BranchModel.countDocuments()).toBe(0);
    });

    test('when an SVG is sent, then it is refused', async () => {
      const svg = await send('post', '/api/branchoffice/create', attrs, { data: SVG, name: 'logo.svg' });
      expect(svg.status).toBe(400);
      expect(svg.body.details).toContainEqual({ field: 'image', message: 'La imagen debe ser jpg, jpeg o png' });
      const renamed = await send('post', '/api/branchoffice/create', attrs, { data: SVG, name: 'logo.png' });
      expect(renamed.status).toBe(415);
      expect(uploads()).toEqual([]);
    });

    test('when the image is larger than 5 MB, then 413 and the next request still works', async () => {
      const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024 + 10)]);
      const res = await send('post', '/api/branchoffice/create', attrs, { data: big, name: 'big.png' });
      expect(res.status).toBe(413);
      expect(res.body.code).toBe('PAYLOAD_TOO_LARGE');
      expect(uploads()).toEqual([]);
      await createBranch();
    });

    test('when the multipart body is malformed, then 400 and no file', async () => {
      const res = await request(app)
        .post('/api/branchoffice/create')
        .set(bearer(admin))
        .set('Content-Type', 'multipart/form-data; boundary=XYZ')
        .send('--XYZ\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\n\r\n\x89PNG');
      expect(res.status).toBe(400);
      expect(uploads()).toEqual([]);
    });
  });

  test('when an admin replaces the image, then the old file is deleted; without one the image stays', async () => {
    const created = await createBranch();
    const oldKey = created.image.split('/').pop();
    const res = await send(
      'put',
      `/api/branchoffice/update/${created.id}`,
      { ...attrs, name: 'Sede Norte' },
      { data: JPEG, name: 'n.jpg' },
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ message: 'Sede actualizada con éxito', branchoffice: { name: 'Sede Norte' } });
    const newKey = res.body.branchoffice.image.split('/').pop();
    expect(newKey).toMatch(/\.jpg$/);
    expect(uploads()).toEqual([newKey]);
    expect(uploads()).not.toContain(oldKey);

    const keep = await send('put', `/api/branchoffice/update/${created.id}`, attrs);
    expect(keep.status).toBe(200);
    expect(keep.body.branchoffice.image).toBe(res.body.branchoffice.image);
  });

  test('when a sede still has classes, then deleting it is refused with 409; otherwise it and its image go', async () => {
    const used = await createBranch();
    await LessonModel.create({
      name: 'Spinning',
      shortDescription: 'Ciclismo',
      description: 'Ciclismo indoor',
      effort: 3,
      scheduleHourStart: '7:00',
      scheduleHourFinish: '8:00',
      monitor: new Types.ObjectId(),
      office: new Types.ObjectId(used.id),
    });
    const refused = await request(app).delete(`/api/branchoffice/delete/${used.id}`).set(bearer(admin));
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('No se puede eliminar la sede porque tiene clases asignadas');
    await LessonModel.deleteMany({});

    const ok = await request(app).delete(`/api/branchoffice/delete/${used.id}`).set(bearer(admin));
    expect(ok.body).toEqual({ message: 'Sede borrada con éxito' });
    expect(await BranchModel.countDocuments()).toBe(0);
    expect(uploads()).toEqual([]);
  });

  describe('PUT /api/branchoffice/update/:id with classes held there', () => {
    async function heldLesson(branch: string, name: string, days: string[], start: string, finish: string, more = {}) {
      await LessonModel.create({
        name,
        shortDescription: 'Clase',
        description: 'Una clase de la sede',
        effort: 3,
        scheduleDays: days,
        scheduleHourStart: start,
        scheduleHourFinish: finish,
        monitor: new Types.ObjectId(),
        office: new Types.ObjectId(branch),
        ...more,
      });
    }
    afterEach(() => LessonModel.deleteMany({}));

    test('when new days and hours would leave available classes outside, then 400 names them under each field and nothing changes', async () => {
      const centro = await createBranch();
      await heldLesson(centro.id, 'Spinning', ['Lunes', 'Viernes'], '7:00', '8:00');
      await heldLesson(centro.id, 'Boxeo', ['Miércoles'], '20:00', '22:00');
      const res = await send('put', `/api/branchoffice/update/${centro.id}`, {
        ...attrs,
        scheduleDays: ['Lunes', 'Miércoles'],
        scheduleHourStart: '8:00',
        scheduleHourFinish: '21:00',
      });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        code: 'VALIDATION_FAILED',
        message: 'Estas clases se dan en días que la sede dejaría de atender: Spinning (Viernes)',
        details: [
          {
            field: 'scheduleDays',
            message: 'Estas clases se dan en días que la sede dejaría de atender: Spinning (Viernes)',
          },
          { field: 'scheduleHourStart', message: 'Estas clases empiezan antes de esa hora: Spinning (7:00 a 8:00)' },
          { field: 'scheduleHourFinish', message: 'Estas clases terminan después de esa hora: Boxeo (20:00 a 22:00)' },
        ],
      });
      expect(await BranchModel.findById(centro.id).lean()).toMatchObject({
        scheduleDays: attrs.scheduleDays,
        scheduleHourStart: '7:00',
        scheduleHourFinish: '22:00',
      });
    });

    test('when only unavailable or retired classes would fall outside, then the change is saved', async () => {
      const centro = await createBranch();
      await heldLesson(centro.id, 'Kickboxing', ['Viernes'], '21:00', '22:00', { isAvailable: false });
      await heldLesson(centro.id, 'Zumba', ['Viernes'], '7:00', '8:00', { deletedAt: new Date() });
      await heldLesson(centro.id, 'Yoga', ['Lunes'], '9:00', '10:00');
      const res = await send('put', `/api/branchoffice/update/${centro.id}`, {
        ...attrs,
        scheduleDays: ['Lunes'],
        scheduleHourStart: '9:00',
        scheduleHourFinish: '10:00',
      });
      expect(res.status).toBe(200);
      expect(res.body.branchoffice).toMatchObject({ scheduleDays: ['Lunes'], scheduleHourStart: '9:00' });
    });
  });

  test('when anonymous or a member writes sedes, then 401/403, no record and no file', async () => {
    const created = await createBranch();
    const before = uploads();
    const calls = [
      () =>
        request(app)
          .post('/api/branchoffice/create')
          .field('officeAttributes', JSON.stringify(attrs))
          .attach('image', PNG, 'a.png'),
      () =>
        request(app)
          .put(`/api/branchoffice/update/${created.id}`)
          .field('officeAttributes', JSON.stringify({ ...attrs, name: 'Otra' })),
      () => request(app).delete(`/api/branchoffice/delete/${created.id}`),
    ];
    for (const call of calls) {
      expect((await call()).status).toBe(401);
      expect((await call().set(bearer(member))).status).toBe(403);
    }
    expect(await BranchModel.countDocuments()).toBe(1);
    expect((await BranchModel.findById(created.id).lean())?.name).toBe('Sede Centro');
    expect(uploads()).toEqual(before);
  });
});
