import { Types } from 'mongoose';
import request from 'supertest';
import { MESSAGES } from '@pulso/shared';
import { createTestApp } from '../../../test/app';
import { useTestDatabase } from '../../../test/db';
import { bearer, createTestUser, type TestUser } from '../../../test/fixtures';
import { expectMatchesOpenApi } from '../../../test/openapi';
import { BranchModel } from '../../branches/branches.model';
import { UserModel } from '../users.model';

const DAY = 86_400_000;
const hours = { scheduleDays: ['Lunes'], scheduleHourStart: '07:00', scheduleHourFinish: '22:00' };

describe('GET /api/users searched, filtered and sorted, and its CSV', () => {
  useTestDatabase();
  const { app, config } = createTestApp();
  let admin: TestUser;
  let centro: Types.ObjectId;
  const plus = new Types.ObjectId();

  beforeAll(async () => {
    admin = await createTestUser(config, { isAdmin: true, fullName: 'Zacarías Admin' });
    centro = (await BranchModel.create({ name: 'Sede Centro', location: 'Calle 1', ...hours }))._id;
    const running = {
      planId: plus,
      name: 'Plus',
      start: new Date(Date.now() - DAY),
      end: new Date(Date.now() + 30 * DAY),
    };
    const ended = {
      planId: plus,
      name: 'Plus',
      start: new Date(Date.now() - 60 * DAY),
      end: new Date(Date.now() - DAY),
    };
    const maria = await createTestUser(config, { fullName: 'María José Núñez', membership: running });
    await UserModel.updateOne({ _id: maria.id }, { $set: { phone: '5511112222', homeBranch: centro } });
    await createTestUser(config, { fullName: 'Álvaro Pérez', membership: ended });
    await createTestUser(config, { fullName: 'Carla Entrenadora', isMonitor: true });
  });

  const list = (query: string) => request(app).get(`/api/users?${query}`).set(bearer(admin));
  const names = (res: request.Response) => (res.body as { fullName: string }[]).map((u) => u.fullName);

  test('when the admin searches, then names match without accents or case, phones by their digits, and the count says how many', async () => {
    const res = await list('q=maria%20jose').expect(200);
    expectMatchesOpenApi('GET', '/users', res);
    expect(names(res)).toEqual(['María José Núñez']);
    expect(res.headers['x-total-count']).toBe('1');
    expect(names(await list('q=55-1111-2222').expect(200))).toEqual(['María José Núñez']);
    expect(names(await list('q=ALVARO').expect(200))).toEqual(['Álvaro Pérez']);
    expect(names(await list('q=nadie').expect(200))).toEqual([]);
  });

  test('when the admin filters and sorts, then only those rows come, in that order, a page at a time', async () => {
    expect(names(await list('status=Activo').expect(200))).toEqual(['María José Núñez']);
    expect(names(await list('status=Vencida').expect(200))).toEqual(['Álvaro Pérez']);
    expect(names(await list(`plan=${plus.toString()}&sort=name`).expect(200))).toEqual([
      'Álvaro Pérez',
      'María José Núñez',
    ]);
    expect(names(await list(`branch=${centro.toString()}`).expect(200))).toEqual(['María José Núñez']);
    expect(names(await list('role=trainer').expect(200))).toEqual(['Carla Entrenadora']);
    expect(names(await list('sort=name&dir=asc').expect(200))).toEqual([
      'Álvaro Pérez',
      'Carla Entrenadora',
      'María José Núñez',
      'Zacarías Admin',
    ]);
    const second = await list('sort=name&dir=desc&page=2&limit=2').expect(200);
    expect(names(second)).toEqual(['Carla Entrenadora', 'Álvaro Pérez']);
    expect(second.headers['x-total-count']).toBe('4');
  });

  test('when a filter is not valid, then the answer names it and nothing is read', async () => {
    const res = await list('sort=$where').expect(400);
    expect(res.body.details).toEqual([{ field: 'sort', message: MESSAGES.users.queryInvalid('sort') }]);
    expect((await list('status=Dormido').expect(400)).body.details[0].field).toBe('status');
  });

  test('when an account is written, then the next search sees it', async () => {
    await list('q=nueva').expect(200);
    await createTestUser(config, { fullName: 'Nueva Persona' });
    expect(names(await list('q=nueva').expect(200))).toEqual(['Nueva Persona']);
  });

  test('when the admin exports, then the CSV is UTF-8 with its BOM, in Spanish, the current filtered list in its order', async () => {
    const res = await request(app)
      .get('/api/users/csv?role=member&sort=name')
      .set(bearer(admin))
      .buffer(true)
      .parse((response, done) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => done(null, Buffer.concat(chunks)));
      })
      .expect(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="usuarios-\d{4}-\d{2}-\d{2}\.csv"$/);
    const body = res.body as Buffer;
    expect([...body.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = body.toString('utf8').slice(1).trim().split('\r\n');
    expect(lines[0]).toBe('Nombre;Email;Teléfono;Rol;Sede habitual;Plan;Estado;Inicio;Vence;Alta');
    expect(lines.slice(1).map((l) => l.split(';')[0])).toEqual(['Álvaro Pérez', 'María José Núñez', 'Nueva Persona']);
    expect(lines[2]).toContain(';5511112222;Deportista;Sede Centro;Plus;Activo;');
    // Only admins.
    const member = await createTestUser(config);
    expect((await request(app).get('/api/users/csv').set(bearer(member))).status).toBe(403);
  });
});
