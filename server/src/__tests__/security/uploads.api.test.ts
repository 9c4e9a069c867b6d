import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { createTestApp } from '../../test/app';
import { useTestDatabase } from '../../test/db';
import { bearer, createTestUser, type TestUser } from '../../test/fixtures';
import { JPEG, PNG, SVG } from '../../test/images';
import { GoalModel, LessonTypeModel } from '../../modules/catalog/catalog.model';
import { expectRefused, unchanged } from './support';

/**
 * OWASP API4:2023 Unrestricted Resource Consumption and API8 Security Misconfiguration — image
 * uploads. Guards (src/lib/upload.ts, src/lib/storage.ts): multer keeps the file in memory with size,
 * file, field and part limits; the content's first bytes decide (JPEG or PNG only), never the name
 * or the declared type; files are written under server-made names only after every check, and a
 * failed write removes its file again; the error handler turns every multipart failure into a 4xx.
 * Branch-creation basics (non-image .png, SVG, >5 MB, a truncated body) are in
 * modules/branches/__tests__/branches.api.test.ts; this suite runs every attack against all four
 * upload routes (sede and class, create and update), with existing images in place.
 */
describe('security: uploads', () => {
  useTestDatabase();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pulso-uploads-sec-'));
  const { app, config } = createTestApp({ DATA_DIR: dataDir });
  let admin: TestUser;
  let branchId: string;
  let lessonId: string;

  /** Every file under DATA_DIR, with its size: nothing may appear, vanish or change. */
  function files(dir = dataDir): string[] {
    return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const full = path.join(dir, entry.name);
      return entry.isDirectory() ? files(full) : [`${path.relative(dataDir, full)}:${statSync(full).size}`];
    });
  }

  const branchAttrs = (name = 'Sede Centro') => ({
    name,
    location: 'Avenida Juárez 123',
    scheduleDays: ['Lunes'],
    scheduleHourStart: '7:00',
    scheduleHourFinish: '22:00',
  });
  const lessonAttrs = (name = 'Spinning') => ({
    name,
    shortDescription: 'Ciclismo indoor',
    description: 'Clase de ciclismo indoor con música',
    effort: '4',
    types: ['Cardio'],
    goals: ['Resistencia'],
    scheduleDays: ['Lunes'],
    scheduleHourStart: '7:00',
    scheduleHourFinish: '8:30',
    isAvailable: true,
    monitor: 'Carlos Ruiz',
    branchoffice: ['Sede Centro'],
  });

  beforeAll(async () => {
    admin = await createTestUser(config, { isAdmin: true });
    await createTestUser(config, { isMonitor: true, fullName: 'Carlos Ruiz' });
    await LessonTypeModel.create([{ name: 'Cardio' }]);
    await GoalModel.create([{ name: 'Resistencia' }]);
    const branch = await request(app)
      .post('/api/branchoffice/create')
      .set(bearer(admin))
      .field('officeAttributes', JSON.stringify(branchAttrs()))
      .attach('image', PNG, 'centro.png');
    expect(branch.status).toBe(201);
    branchId = branch.body.branchoffice.id;
    const lesson = await request(app)
      .post('/api/lessons/create')
      .set(bearer(admin))
      .field('lessonAttributes', JSON.stringify(lessonAttrs()))
      .attach('image', JPEG, 'spinning.jpg');
    expect(lesson.status).toBe(201);
    lessonId = lesson.body.lesson.id;
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  interface Route {
    name: string;
    method: 'post' | 'put';
    url: () => string;
    field: string;
    attrs: () => object;
  }
  const ROUTES: Route[] = [
    {
      name: 'POST /branchoffice/create',
      method: 'post',
      url: () => '/api/branchoffice/create',
      field: 'officeAttributes',
      attrs: () => branchAttrs('Sede Norte'),
    },
    {
      name: 'PUT /branchoffice/update/{id}',
      method: 'put',
      url: () => `/api/branchoffice/update/${branchId}`,
      field: 'officeAttributes',
      attrs: () => branchAttrs(),
    },
    {
      name: 'POST /lessons/create',
      method: 'post',
      url: () => '/api/lessons/create',
      field: 'lessonAttributes',
      attrs: () => lessonAttrs('Boxeo'),
    },
    {
      name: 'PUT /lessons/update/{id}',
      method: 'put',
      url: () => `/api/lessons/update/${lessonId}`,
      field: 'lessonAttributes',
      attrs: () => lessonAttrs(),
    },
  ];

  const call = (route: Route) => request(app)[route.method](route.url());
  const start = (route: Route) => call(route).set(bearer(admin));
  const withFile = (route: Route, data: Buffer, name: string, contentType?: string) =>
    start(route)
      .field(route.field, JSON.stringify(route.attrs()))
      .attach('image', data, contentType ? { filename: name, contentType } : name);

  /** After any attack the same route still answers a correct request (without an image, on update). */
  async function stillWorks() {
    const res = await start(ROUTES[1] as Route).field('officeAttributes', JSON.stringify(branchAttrs()));
    expect(res.status).toBe(200);
  }

  /** The attack is refused with a 4xx, and neither the database nor DATA_DIR changed. */
  async function refusedCleanly(attack: () => Promise<request.Response>, status?: number | number[]) {
    const before = files();
    const res = await unchanged(attack);
    expectRefused(res, status);
    expect(files()).toEqual(before);
    await stillWorks();
    return res;
  }

  const pngHeader = PNG.subarray(0, 8);
  const WRONG_CONTENT: [string, Buffer, string][] = [
    ['a GIF', Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;'), 'foto.png'],
    ['a PDF', Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n'), 'foto.jpg'],
    ['an HTML page with a script', Buffer.from('<html><script>alert(document.cookie)</script></html>'), 'foto.jpeg'],
    ['a PHP shell', Buffer.from('<?php system($_GET["c"]); ?>'), 'shell.php.png'],
    ['a ZIP archive', Buffer.from([0x50, 0x4b, 0x03, 0x04, ...Buffer.alloc(60)]), 'fotos.png'],
    ['an executable', Buffer.from([0x7f, 0x45, 0x4c, 0x46, ...Buffer.alloc(60)]), 'foto.png'],
    ['an empty file', Buffer.alloc(0), 'vacia.png'],
    ['a PNG signature cut short', pngHeader.subarray(0, 5), 'corta.png'],
    ['an SVG with a script, named .png', SVG, 'logo.png'],
    ['an SVG with an XML prolog, named .jpg', Buffer.concat([Buffer.from('<?xml version="1.0"?>'), SVG]), 'logo.jpg'],
    ['an SVG with a PNG content type', SVG, 'logo.png'],
  ];

  const routeCases = <T extends unknown[]>(rows: T[]) =>
    ROUTES.flatMap((route) => rows.map((row) => [route.name, ...row, route] as const));

  test.each(routeCases(WRONG_CONTENT))(
    'when %s gets %s under the name %s, then 415 and no file is left',
    async (_route, _what, data, name, route) => {
      const res = await refusedCleanly(() => withFile(route, data, name, 'image/png'), 415);
      expect(res.body.details).toContainEqual({ field: 'image', message: 'La imagen debe ser jpg, jpeg o png' });
    },
  );

  test.each(routeCases([['logo.svg'], ['foto.gif'], ['foto.png.svg'], ['foto'], ['foto.php']]))(
    'when %s gets a real PNG named %s, then 400 on the image and no file is left',
    async (_route, name, route) => {
      const res = await refusedCleanly(() => withFile(route, PNG, name), 400);
      expect(res.body.details).toContainEqual({ field: 'image', message: 'La imagen debe ser jpg, jpeg o png' });
    },
  );

  test.each(routeCases([[5 * 1024 * 1024 + 1], [12 * 1024 * 1024]]))(
    'when %s gets an image of %s bytes, then 413 and no file is left',
    async (_route, size, route) => {
      const big = Buffer.concat([PNG, Buffer.alloc(size - PNG.length)]);
      const res = await refusedCleanly(() => withFile(route, big, 'grande.png'), 413);
      expect(res.body.code).toBe('PAYLOAD_TOO_LARGE');
    },
  );

  const boundary = 'PulsoBoundary';
  const raw = (route: Route, body: string | Buffer, type = `multipart/form-data; boundary=${boundary}`) =>
    start(route).set('Content-Type', type).send(body);
  const part = (headers: string, content: string | Buffer) =>
    Buffer.concat([Buffer.from(`--${boundary}\r\n${headers}\r\n\r\n`), Buffer.from(content), Buffer.from('\r\n')]);
  const attrsPart = (route: Route) =>
    part(`Content-Disposition: form-data; name="${route.field}"`, JSON.stringify(route.attrs()));
  const end = Buffer.from(`--${boundary}--\r\n`);
  const MALFORMED: [string, (route: Route) => request.Test][] = [
    ['no boundary', (r) => raw(r, attrsPart(r), 'multipart/form-data')],
    ['a boundary that never appears', (r) => raw(r, 'hola', 'multipart/form-data; boundary=otra')],
    [
      'a body cut inside the file',
      (r) =>
        raw(
          r,
          Buffer.concat([
            attrsPart(r),
            Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\n\r\n`),
            PNG.subarray(0, 20),
          ]),
        ),
    ],
    [
      'a part without headers',
      (r) => raw(r, Buffer.concat([attrsPart(r), Buffer.from(`--${boundary}\r\n\r\n\r\nx\r\n`), end])),
    ],
    [
      'a part header without a colon',
      (r) => raw(r, Buffer.concat([Buffer.from(`--${boundary}\r\nBasura\r\n\r\nx\r\n`), end])),
    ],
    [
      'two image files',
      (r) =>
        start(r).field(r.field, JSON.stringify(r.attrs())).attach('image', PNG, 'a.png').attach('image', PNG, 'b.png'),
    ],
    [
      'the file under another field name',
      (r) => start(r).field(r.field, JSON.stringify(r.attrs())).attach('file', PNG, 'a.png'),
    ],
    [
      'too many fields',
      (r) => {
        const t = start(r).field(r.field, JSON.stringify(r.attrs()));
        for (let i = 0; i < 20; i++) t.field(`extra${i}`, 'x');
        return t.attach('image', PNG, 'a.png');
      },
    ],
    [
      'an attributes field over 64 KB',
      (r) =>
        start(r)
          .field(r.field, JSON.stringify({ ...r.attrs(), description: 'x'.repeat(70_000) }))
          .attach('image', PNG, 'a.png'),
    ],
    ['attributes that are not JSON', (r) => start(r).field(r.field, '{"name":').attach('image', PNG, 'a.png')],
    ['attributes that are a JSON array', (r) => start(r).field(r.field, '[1,2]').attach('image', PNG, 'a.png')],
    ['no attributes at all', (r) => start(r).attach('image', PNG, 'a.png')],
    ['JSON sent instead of a form', (r) => start(r).send({ ...r.attrs(), image: 'a.png' })],
  ];

  test.each(routeCases(MALFORMED))(
    'when %s gets %s, then a 4xx and no file is left',
    async (_route, _what, make, route) => {
      await refusedCleanly(() => make(route));
    },
  );

  const HOSTILE_NAMES = [
    '../../../../tmp/pulso-escape.png',
    '..\\..\\..\\windows\\win.ini.png',
    '/etc/passwd.png',
    `${'a'.repeat(3000)}.png`,
    'gnp.exe\u202e.png',
    '.htaccess.png',
    'con.png',
    'foto; rm -rf ~.png',
    '<img src=x onerror=alert(1)>.png',
    'foto\r\nX-Injected: 1.png',
  ];

  test.each(HOSTILE_NAMES.map((name) => [JSON.stringify(name).slice(0, 60), name]))(
    'when a real PNG is uploaded as %s, then it is stored under a server-made name inside uploads and the name is not echoed',
    async (_shown, name) => {
      const route = ROUTES[1] as Route;
      const res = await withFile(route, PNG, name);
      if (res.status >= 500) throw new Error(`server error ${res.status}: ${res.text}`);
      // A name the form rules or the multipart parser refuse is fine too, as long as nothing is left.
      if (res.status !== 200) {
        expectRefused(res);
      } else {
        expect(res.body.branchoffice.image).toMatch(/\/uploads\/[0-9a-f-]{36}\.png$/);
      }
      expect(res.text).not.toContain('passwd');
      expect(res.text).not.toContain('onerror');
      const stored = files();
      expect(stored.every((f) => /^uploads\/[0-9a-f-]{36}\.(png|jpg):\d+$/.test(f) || f.startsWith('jwt-secret'))).toBe(
        true,
      );
      // One image per sede and class: the replaced file was removed.
      expect(stored.filter((f) => f.startsWith('uploads/'))).toHaveLength(2);
      await stillWorks();
    },
  );

  test('when a sede name is already taken, then the image stored for it is removed again', async () => {
    const route = ROUTES[0] as Route;
    await refusedCleanly(
      () =>
        start(route)
          .field(route.field, JSON.stringify(branchAttrs('Sede Centro')))
          .attach('image', PNG, 'duplicada.png'),
      409,
    );
  });

  test('when a visitor or a member uploads, then 401/403 before the body is read and no file is left', async () => {
    const member = await createTestUser(config);
    for (const route of ROUTES) {
      await refusedCleanly(() => call(route).field(route.field, '{}').attach('image', PNG, 'a.png'), 401);
      await refusedCleanly(
        () =>
          call(route)
            .set(bearer(member))
            .field(route.field, JSON.stringify(route.attrs()))
            .attach('image', PNG, 'a.png'),
        403,
      );
    }
  });

  test('when a correct image is sent, then it is accepted (the cases above can fail)', async () => {
    const route = ROUTES[3] as Route;
    const res = await withFile(route, PNG, 'nueva.png');
    expect(res.status).toBe(200);
    expect(res.body.lesson.image).toMatch(/\/uploads\/[0-9a-f-]{36}\.png$/);
  });
});
