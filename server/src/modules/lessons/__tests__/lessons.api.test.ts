import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Types } from 'mongoose';
import request from 'supertest';
import { createTestApp } from '../../../test/app';
import { resetReadModels, useTestDatabase } from '../../../test/db';
import { bearer, createTestUser, type TestUser } from '../../../test/fixtures';
import { PNG } from '../../../test/images';
import { BranchModel } from '../../branches/branches.model';
import { GoalModel, LessonTypeModel } from '../../catalog/catalog.model';
import { LessonReviewsModel } from '../../reviews/reviews.model';
import { countReviews } from '../../reviews/reviews.service';
import { UserModel } from '../../users/users.model';
import { LessonModel } from '../lessons.model';

describe('lessons, types, goals, reviews and schedules API', () => {
  useTestDatabase();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pulso-lessons-'));
  const { app, config } = createTestApp({ DATA_DIR: dataDir });
  const uploads = () => (existsSync(config.uploadsDir) ? readdirSync(config.uploadsDir) : []);
  let admin: TestUser;
  let member: TestUser;
  let visitor: TestUser;
  let trainerId: string;

  const active = () => ({
    planId: new Types.ObjectId(),
    name: 'Plus',
    start: new Date(Date.now() - 86_400_000),
    end: new Date(Date.now() + 30 * 86_400_000),
  });

  beforeAll(async () => {
    [admin, member, visitor] = await Promise.all([
      createTestUser(config, { isAdmin: true }),
      createTestUser(config, { membership: active(), fullName: 'Socia Activa' }),
      createTestUser(config),
    ]);
    trainerId = (await createTestUser(config, { isMonitor: true, fullName: 'Carlos Ruiz' })).id;
    await LessonTypeModel.create([{ name: 'Cardio' }, { name: 'Fuerza' }]);
    await GoalModel.create([{ name: 'Resistencia' }, { name: 'Tonificar' }]);
    // Both open Monday to Friday, 7 to 22 (the sede of issue 18).
    await BranchModel.create(
      ['Sede Centro', 'Sede Norte'].map((name) => ({
        name,
        location: 'Avenida Juárez 123',
        scheduleDays: ['Lunes', 'Martes', 'Miércoles', 'Jueves', 'Viernes'],
        scheduleHourStart: '7:00',
        scheduleHourFinish: '22:00',
      })),
    );
    await createTestUser(config, { isMonitor: true, fullName: 'Lucía Fernández' });
  });
  beforeEach(async () => {
    await resetReadModels();
    await Promise.all([LessonModel.deleteMany({}), LessonReviewsModel.deleteMany({})]);
    await UserModel.updateMany({}, { $set: { lessons: [] } });
    rmSync(config.uploadsDir, { recursive: true, force: true });
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  const attrs = {
    name: 'Spinning',
    shortDescription: 'Ciclismo indoor',
    description: 'Clase de ciclismo indoor con música',
    effort: '4',
    types: ['Cardio'],
    goals: ['Resistencia'],
    scheduleDays: ['Lunes', 'Miércoles'],
    scheduleHourStart: '7:00',
    scheduleHourFinish: '8:30',
    isAvailable: true,
    monitor: 'Carlos Ruiz',
    branchoffice: ['Sede Centro'],
  };

  function send(method: 'post' | 'put', url: string, fields: object, withImage = true) {
    const req = request(app)[method](url).set(bearer(admin)).field('lessonAttributes', JSON.stringify(fields));
    return withImage ? req.attach('image', PNG, 'spinning.png') : req;
  }

  async function lesson(fields: Partial<typeof attrs> = {}) {
    const res = await send('post', '/api/lessons/create', { ...attrs, ...fields });
    expect(res.status).toBe(201);
    return res.body.lesson as { id: string; name: string };
  }

  test('GET /api/types and /api/goals list names', async () => {
    expect((await request(app).get('/api/types')).body.map((t: { name: string }) => t.name)).toEqual([
      'Cardio',
      'Fuerza',
    ]);
    expect((await request(app).get('/api/goals')).body).toContainEqual({ id: expect.any(String), name: 'Tonificar' });
  });

  describe('POST /api/lessons/create', () => {
    test('when an admin creates a class, then trainer and sede are resolved by name and the spec message is sent', async () => {
      const res = await send('post', '/api/lessons/create', attrs);
      expect(res.status).toBe(201);
      expect(res.body.message).toBe('Clase creada exitosamente!');
      expect(res.body.lesson).toMatchObject({
        name: 'Spinning',
        effort: '4',
        types: ['Cardio'],
        exercisesTypes: [{ name: 'Cardio' }],
        monitor: 'Carlos Ruiz',
        monitorId: trainerId,
        branchoffice: 'Sede Centro',
        isAvailable: true,
        averageStars: 0,
        reviews: [],
        image: expect.stringMatching(/\/uploads\/[0-9a-f-]{36}\.png$/),
      });
    });

    test.each([
      [{ name: '' }, 'name', 'El nombre es requerido'],
      [{ name: 'Spin 2' }, 'name', 'El nombre solo puede contener letras'],
      [{ name: 'Box' }, 'name', 'El nombre debe ser mayor a 3 caracteres'],
      [{ name: 'Abcdefghijklmnopqrst' }, 'name', 'El nombre debe ser menor a 20 caracteres'],
      [{ effort: '7' }, 'effort', 'La intensidad debe ser un número del 1 al 5'],
      [{ scheduleHourFinish: '7:00' }, 'scheduleHourFinish', 'La hora de fin debe ser posterior a la hora de inicio'],
      [{ isAvailable: 'Seleccione' }, 'isAvailable', 'La disponibilidad es requerida'],
      [{ monitor: 'Seleccione' }, 'monitor', 'El profesor es requerido'],
      [{ branchoffice: ['Seleccione'] }, 'branchoffice', 'La sede es requerida'],
      [{ scheduleDays: [] }, 'scheduleDays', 'El día de la semana es requerido'],
      [{ goals: [] }, 'goals', 'Debe escoger al menos una meta'],
      [{ monitor: 'Nadie Nunca' }, 'monitor', 'El profesor no existe'],
      [{ branchoffice: ['Sede Fantasma'] }, 'branchoffice', 'La sede no existe'],
      [{ types: ['Natacion'] }, 'types', 'Tipo de ejercicio desconocido: Natacion'],
    ])('when %o, then 400 on %s: %s, and no record or file', async (change, field, message) => {
      const res = await send('post', '/api/lessons/create', { ...attrs, ...change });
      expect(res.status).toBe(400);
      expect(res.body.details).toContainEqual({ field, message });
      expect(await LessonModel.countDocuments()).toBe(0);
      expect(uploads()).toEqual([]);
    });

    test('when the image is missing, then 400; when the name is taken, then 409', async () => {
      const noImage = await send('post', '/api/lessons/create', attrs, false);
      expect(noImage.body.details).toContainEqual({ field: 'image', message: 'La imagen es requerida' });
      await lesson();
      const before = uploads().length;
      const dup = await send('post', '/api/lessons/create', attrs);
      expect(dup.status).toBe(409);
      expect(dup.body.message).toBe('Ya existe una clase con ese nombre');
      expect(uploads()).toHaveLength(before);
    });
  });

  describe('reading classes', () => {
    test('when listing, then /lessons has only available classes and /lessons/all has every current one', async () => {
      await lesson();
      await lesson({ name: 'Pilates', isAvailable: false });
      expect((await request(app).get('/api/lessons')).body.map((l: { name: string }) => l.name)).toEqual(['Spinning']);
      const all = await request(app).get('/api/lessons/all');
      expect(all.body.map((l: { name: string }) => l.name)).toEqual(['Pilates', 'Spinning']);
      expect(all.body[0]).toMatchObject({ isAvailable: false, monitor: 'Carlos Ruiz', branchoffice: 'Sede Centro' });
    });

    test('when reading one by name or id, then the whole class comes back; unknown 404', async () => {
      const created = await lesson();
      const byName = await request(app).get('/api/lessons/Spinning').expect(200);
      expect(byName.body).toMatchObject({ id: created.id, description: 'Clase de ciclismo indoor con música' });
      expect((await request(app).get(`/api/lessons/detail/${created.id}`).expect(200)).body.name).toBe('Spinning');
      expect((await request(app).get('/api/lessons/Nada')).status).toBe(404);
      expect((await request(app).get('/api/lessons/detail/zzz')).status).toBe(400);
    });
  });

  describe('updating and retiring', () => {
    test('when an admin edits without an image, then the fields change and the image stays', async () => {
      const created = await lesson();
      const before = (await LessonModel.findById(created.id).lean())?.image;
      const res = await send(
        'put',
        `/api/lessons/update/${created.id}`,
        { ...attrs, effort: 2, isAvailable: 'Inactiva' },
        false,
      );
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        message: 'Clase modificada con éxito',
        lesson: { effort: '2', isAvailable: false },
      });
      expect(before).toMatch(/^\/uploads\//);
      // A path on this server, never an address: the site works wherever it is opened.
      expect(res.body.lesson.image).toBe(before);
    });

    test('when an admin deletes a class, then it leaves the lists, keeps its history and can be restored', async () => {
      const created = await lesson();
      await UserModel.updateOne({ _id: member.id }, { $set: { lessons: [new Types.ObjectId(created.id)] } });
      const res = await request(app).delete(`/api/lessons/delete/${created.id}`).set(bearer(admin));
      expect(res.body).toEqual({ message: 'Clase eliminada correctamente' });
      expect((await request(app).get('/api/lessons/all')).body).toEqual([]);
      expect((await UserModel.findById(member.id).lean())?.lessons).toHaveLength(1);
      expect((await request(app).get('/api/lessons/retired').set(bearer(admin))).body).toHaveLength(1);
      await request(app).put(`/api/lessons/restore/${created.id}`).set(bearer(admin)).expect(200);
      expect((await request(app).get('/api/lessons')).body).toHaveLength(1);
    });

    test('when anonymous or a member writes classes, then 401/403 and nothing changes', async () => {
      const created = await lesson();
      const calls = [
        () =>
          request(app)
            .post('/api/lessons/create')
            .field('lessonAttributes', JSON.stringify({ ...attrs, name: 'Otra' }))
            .attach('image', PNG, 'a.png'),
        () =>
          request(app)
            .put(`/api/lessons/update/${created.id}`)
            .field('lessonAttributes', JSON.stringify({ ...attrs, effort: '1' })),
        () => request(app).delete(`/api/lessons/delete/${created.id}`),
        () => request(app).put(`/api/lessons/restore/${created.id}`),
        () => request(app).get('/api/lessons/retired'),
      ];
      for (const call of calls) {
        expect((await call()).status).toBe(401);
        expect((await call().set(bearer(member))).status).toBe(403);
      }
      expect(await LessonModel.find().lean()).toEqual([
        expect.objectContaining({ name: 'Spinning', effort: 4, deletedAt: null }),
      ]);
    });
  });

  describe('class schedules against the sede and the trainer (issue 18)', () => {
    const detailsOf = (res: request.Response) => res.body.details as { field: string; message: string }[];

    test('when a class is on Sunday 3:00 at a sede open Monday-Friday 7-22, then 400 on days and start, no record or file', async () => {
      const res = await send('post', '/api/lessons/create', {
        ...attrs,
        scheduleDays: ['Domingo'],
        scheduleHourStart: '3:00',
        scheduleHourFinish: '4:00',
      });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        code: 'VALIDATION_FAILED',
        message: 'Sede Centro no abre el Domingo: atiende Lunes, Martes, Miércoles, Jueves y Viernes',
        details: [
          {
            field: 'scheduleDays',
            message: 'Sede Centro no abre el Domingo: atiende Lunes, Martes, Miércoles, Jueves y Viernes',
          },
          {
            field: 'scheduleHourStart',
            message: 'Sede Centro atiende de 7:00 a 22:00: la clase debe empezar dentro de ese horario',
          },
        ],
      });
      expect(await LessonModel.countDocuments()).toBe(0);
      expect(uploads()).toEqual([]);
    });

    test('when a class ends after its sede closes, then 400 on the end hour; filling the hours exactly is fine', async () => {
      const late = await send('post', '/api/lessons/create', {
        ...attrs,
        scheduleHourStart: '21:30',
        scheduleHourFinish: '22:30',
      });
      expect(detailsOf(late)).toEqual([
        {
          field: 'scheduleHourFinish',
          message: 'Sede Centro atiende de 7:00 a 22:00: la clase debe terminar dentro de ese horario',
        },
      ]);
      await lesson({ scheduleHourStart: '7:00', scheduleHourFinish: '22:00', scheduleDays: ['Viernes'] });
    });

    test('when the trainer already teaches at an intersecting hour at another sede, then 400 on monitor naming that class', async () => {
      await lesson();
      const res = await send('post', '/api/lessons/create', {
        ...attrs,
        name: 'Pilates',
        branchoffice: ['Sede Norte'],
        scheduleDays: ['Miércoles', 'Jueves'],
        scheduleHourStart: '8:00',
        scheduleHourFinish: '9:00',
      });
      expect(res.status).toBe(400);
      expect(detailsOf(res)).toEqual([
        { field: 'monitor', message: 'El profesor ya da la clase Spinning el Miércoles de 7:00 a 8:30' },
      ]);
      expect(await LessonModel.countDocuments()).toBe(1);
      // Another trainer, another day, or an hour that starts when the other ends: all fine.
      await lesson({ name: 'Pilates', monitor: 'Lucía Fernández' });
      await lesson({ name: 'Boxeo', scheduleDays: ['Martes'] });
      await lesson({ name: 'Crossfit', scheduleHourStart: '8:30', scheduleHourFinish: '9:30' });
    });

    test('when the other class is unavailable or retired, then it does not block; an unavailable class is not checked', async () => {
      const retired = await lesson({ name: 'Yoga' });
      await request(app).delete(`/api/lessons/delete/${retired.id}`).set(bearer(admin)).expect(200);
      await lesson({ name: 'Pilates', isAvailable: false });
      await lesson();
      // Unavailable: neither its sede's days nor its trainer's other classes are judged.
      await lesson({ name: 'Boxeo', isAvailable: false, scheduleDays: ['Domingo'], scheduleHourStart: '3:00' });
    });

    test('when a class is edited, then it is not compared with itself; making it clash or available again is judged', async () => {
      const spinning = await lesson();
      const ok = await send('put', `/api/lessons/update/${spinning.id}`, { ...attrs, effort: '2' }, false);
      expect(ok.status).toBe(200);
      const boxeo = await lesson({ name: 'Boxeo', isAvailable: false });
      const clash = await send('put', `/api/lessons/update/${boxeo.id}`, { ...attrs, name: 'Boxeo' }, false);
      expect(clash.status).toBe(400);
      expect(detailsOf(clash)).toEqual([
        { field: 'monitor', message: 'El profesor ya da la clase Spinning los días Lunes y Miércoles de 7:00 a 8:30' },
      ]);
      expect((await LessonModel.findById(boxeo.id).lean())?.isAvailable).toBe(false);
    });

    test('when a retired class would no longer fit, then restoring it is refused with 409 and the reason', async () => {
      const yoga = await lesson({ name: 'Yoga' });
      await request(app).delete(`/api/lessons/delete/${yoga.id}`).set(bearer(admin)).expect(200);
      const spinning = await lesson();
      const busy = await request(app).put(`/api/lessons/restore/${yoga.id}`).set(bearer(admin));
      expect(busy.status).toBe(409);
      expect(busy.body).toEqual({
        code: 'CONFLICT',
        message:
          'No se puede restaurar la clase. El profesor ya da la clase Spinning los días Lunes y Miércoles de 7:00 a 8:30',
        details: [
          {
            field: 'monitor',
            message: 'El profesor ya da la clase Spinning los días Lunes y Miércoles de 7:00 a 8:30',
          },
        ],
      });
      expect((await LessonModel.findById(yoga.id).lean())?.deletedAt).not.toBeNull();

      await request(app).delete(`/api/lessons/delete/${spinning.id}`).set(bearer(admin)).expect(200);
      await BranchModel.updateOne({ name: 'Sede Centro' }, { $set: { scheduleDays: ['Martes'] } });
      try {
        const closed = await request(app).put(`/api/lessons/restore/${yoga.id}`).set(bearer(admin));
        expect(closed.status).toBe(409);
        expect(closed.body.message).toBe(
          'No se puede restaurar la clase. Sede Centro no abre los días Lunes y Miércoles: atiende Martes',
        );
      } finally {
        await BranchModel.updateOne(
          { name: 'Sede Centro' },
          { $set: { scheduleDays: ['Lunes', 'Martes', 'Miércoles', 'Jueves', 'Viernes'] } },
        );
      }
      await request(app).put(`/api/lessons/restore/${yoga.id}`).set(bearer(admin)).expect(200);
    });

    test('when the sede of a retired class is gone, then restoring it is refused with 409', async () => {
      const yoga = await lesson({ name: 'Yoga' });
      await request(app).delete(`/api/lessons/delete/${yoga.id}`).set(bearer(admin)).expect(200);
      await LessonModel.updateOne({ _id: yoga.id }, { $set: { office: new Types.ObjectId() } });
      const res = await request(app).put(`/api/lessons/restore/${yoga.id}`).set(bearer(admin));
      expect(res.status).toBe(409);
      expect(res.body.message).toBe('No se puede restaurar la clase. La sede no existe');
    });
  });

  describe('class names with spaces and accents (issue 18)', () => {
    test('when a name has single spaces or accents, then it is created and its page is found by its encoded name', async () => {
      const prenatal = await lesson({ name: 'Yoga Prenatal' });
      const aerobicos = await lesson({ name: 'Aeróbicos', scheduleDays: ['Martes'] });
      const byName = await request(app).get('/api/lessons/Yoga%20Prenatal').expect(200);
      expect(byName.body).toMatchObject({ id: prenatal.id, name: 'Yoga Prenatal' });
      const accented = await request(app)
        .get(`/api/lessons/${encodeURIComponent('Aeróbicos')}`)
        .expect(200);
      expect(accented.body.id).toBe(aerobicos.id);
      // The accent typed as a combining mark (NFD) is the same name.
      const decomposed = await request(app)
        .get(`/api/lessons/${encodeURIComponent('Aero\u0301bicos')}`)
        .expect(200);
      expect(decomposed.body.id).toBe(aerobicos.id);
    });

    test('when a name is sent with a combining accent, then it is stored composed (NFC)', async () => {
      const created = await lesson({ name: 'Aero\u0301bicos' });
      expect(created.name).toBe('Aeróbicos');
      expect((await LessonModel.findById(created.id).lean())?.name).toBe('Aeróbicos');
    });

    test.each([['yoga prenatal'], ['Yóga Prenatal'], ['YOGA PRENATAL']])(
      'when %j is created beside Yoga Prenatal, then 409: names differing only in case or accents are one name',
      async (variant) => {
        await lesson({ name: 'Yoga Prenatal' });
        const res = await send('post', '/api/lessons/create', { ...attrs, name: variant, scheduleDays: ['Viernes'] });
        expect(res.status).toBe(409);
        expect(res.body.message).toBe('Ya existe una clase con ese nombre');
        expect(await LessonModel.countDocuments()).toBe(1);
      },
    );

    test('when a name has two spaces in a row, then 400 with its own message', async () => {
      const res = await send('post', '/api/lessons/create', { ...attrs, name: 'Yoga  Prenatal' });
      expect(res.body.details).toEqual([{ field: 'name', message: 'Deja un solo espacio entre palabras' }]);
    });

    test('when a class is renamed to a variant of another, then 409; keeping its own name is fine', async () => {
      await lesson({ name: 'Yoga Prenatal' });
      const other = await lesson({ name: 'Pilates', scheduleDays: ['Viernes'] });
      const rename = { ...attrs, name: 'yoga prenatal', scheduleDays: ['Viernes'] };
      expect((await send('put', `/api/lessons/update/${other.id}`, rename, false)).status).toBe(409);
      const keep = { ...attrs, name: 'Pilates', scheduleDays: ['Viernes'], effort: '1' };
      expect((await send('put', `/api/lessons/update/${other.id}`, keep, false)).status).toBe(200);
    });
  });

  describe('trainers and sedes by id (issue 19)', () => {
    const byId = (trainer: string, branch: string, fields: Partial<typeof attrs> = {}) => ({
      ...attrs,
      monitor: undefined,
      branchoffice: undefined,
      monitorId: trainer,
      officeId: branch,
      ...fields,
    });
    let centro: string;
    let anas: string[];
    beforeAll(async () => {
      centro = String((await BranchModel.findOne({ name: 'Sede Centro' }).lean())?._id);
      anas = await Promise.all(
        [1, 2].map(async () => (await createTestUser(config, { isMonitor: true, fullName: 'Ana Ruiz' })).id),
      );
    });

    test('when the form sends ids, then the class is created and every answer carries the ids next to the names', async () => {
      const res = await send('post', '/api/lessons/create', byId(trainerId, centro));
      expect(res.status).toBe(201);
      expect(res.body.lesson).toMatchObject({
        monitor: 'Carlos Ruiz',
        monitorId: trainerId,
        branchoffice: 'Sede Centro',
        officeId: centro,
      });
      const list = await request(app).get('/api/lessons').expect(200);
      expect(list.body).toEqual([
        expect.objectContaining({ name: 'Spinning', monitorId: trainerId, officeId: centro, monitor: 'Carlos Ruiz' }),
      ]);
    });

    test('when two active trainers share the name sent, then 400 on monitor naming the ambiguity, and nothing is written', async () => {
      const res = await send('post', '/api/lessons/create', { ...attrs, monitor: 'Ana Ruiz' });
      expect(res.status).toBe(400);
      expect(res.body.details).toEqual([
        {
          field: 'monitor',
          message: 'Hay 2 profesores llamados Ana Ruiz: indica cuál con su identificador (monitorId)',
        },
      ]);
      expect(await LessonModel.countDocuments()).toBe(0);
      expect(uploads()).toEqual([]);
    });

    test('when two trainers share a name, then each is given a class by id at the same hours and each page names its own', async () => {
      const [one, two] = anas as [string, string];
      const first = await send('post', '/api/lessons/create', byId(one, centro, { name: 'Pilates' }));
      const second = await send('post', '/api/lessons/create', byId(two, centro, { name: 'Zumba' }));
      expect([first.status, second.status]).toEqual([201, 201]);
      expect((await request(app).get('/api/lessons/Pilates')).body).toMatchObject({
        monitor: 'Ana Ruiz',
        monitorId: one,
      });
      expect((await request(app).get('/api/lessons/Zumba')).body).toMatchObject({
        monitor: 'Ana Ruiz',
        monitorId: two,
      });
      // The schedule rule tells them apart too: the first Ana is busy then, her namesake's class is not hers.
      const clash = await send('post', '/api/lessons/create', byId(one, centro, { name: 'Boxeo' }));
      expect(clash.status).toBe(400);
      expect(clash.body.details).toEqual([
        { field: 'monitor', message: 'El profesor ya da la clase Pilates los días Lunes y Miércoles de 7:00 a 8:30' },
      ]);
      // Editing one's class by name is ambiguous, by id it is not.
      const renamed = await send(
        'put',
        `/api/lessons/update/${first.body.lesson.id}`,
        byId(one, centro, { name: 'Pilates', effort: '2' }),
        false,
      );
      expect(renamed.status).toBe(200);
      expect(renamed.body.lesson).toMatchObject({ monitorId: one, effort: '2' });
    });

    test.each([
      ['an unknown id', () => new Types.ObjectId().toString()],
      ['an id that is not one', () => 'abc'],
      ['an account that is not a trainer', () => admin.id],
    ])('when the trainer is %s, then 400 on monitor: El profesor no existe', async (_case, trainer) => {
      const res = await send('post', '/api/lessons/create', byId(trainer(), centro));
      expect(res.status).toBe(400);
      expect(res.body.details).toEqual([{ field: 'monitor', message: 'El profesor no existe' }]);
      expect(await LessonModel.countDocuments()).toBe(0);
    });

    test('when the sede id is unknown and a type too, then both are reported together', async () => {
      const res = await send(
        'post',
        '/api/lessons/create',
        byId(trainerId, new Types.ObjectId().toString(), { types: ['Natacion'] }),
      );
      expect(res.status).toBe(400);
      expect(res.body.details).toEqual([
        { field: 'branchoffice', message: 'La sede no existe' },
        { field: 'types', message: 'Tipo de ejercicio desconocido: Natacion' },
      ]);
    });

    test('when an id is sent with the wrong type, then 400 on that field', async () => {
      const res = await send('post', '/api/lessons/create', byId(trainerId, centro, { monitorId: 7 } as never));
      expect(res.status).toBe(400);
      expect(res.body.details).toEqual([{ field: 'monitorId', message: 'El valor enviado no tiene el tipo correcto' }]);
    });
  });

  describe('PUT /api/users/addlesson/:lessonId', () => {
    test('when a member adds a class to their schedule, then exito; the same class again gives the spec error', async () => {
      const created = await lesson();
      const ok = await request(app)
        .put(`/api/users/addlesson/${created.id}`)
        .set(bearer(member))
        .send({ idUser: member.id });
      expect(ok.status).toBe(200);
      expect(ok.body).toEqual({ exito: 'Clase añadida con éxito' });
      const again = await request(app)
        .put(`/api/users/addlesson/${created.id}`)
        .set(bearer(member))
        .send({ idUser: member.id });
      expect(again.status).toBe(409);
      expect(again.body).toMatchObject({
        error: 'El usuario ya tiene esa clase',
        message: 'El usuario ya tiene esa clase',
      });
      const me = await request(app).get(`/api/users/${member.id}`).set(bearer(member));
      expect(me.body.detalle.lessonDetails).toEqual([expect.objectContaining({ id: created.id, name: 'Spinning' })]);
    });

    test('when a user without an active membership adds a class, then 403 with an error', async () => {
      const created = await lesson();
      const res = await request(app)
        .put(`/api/users/addlesson/${created.id}`)
        .set(bearer(visitor))
        .send({ idUser: visitor.id });
      expect(res.status).toBe(403);
      expect(res.body.error).toBe('Necesitas una membresía activa para esta acción');
      expect((await UserModel.findById(visitor.id).lean())?.lessons).toEqual([]);
    });

    test('when a member adds a class for someone else, then 403; an admin may', async () => {
      const created = await lesson();
      const other = await createTestUser(config, { membership: active() });
      expect(
        (await request(app).put(`/api/users/addlesson/${created.id}`).set(bearer(member)).send({ idUser: other.id }))
          .status,
      ).toBe(403);
      expect(
        (await request(app).put(`/api/users/addlesson/${created.id}`).set(bearer(admin)).send({ idUser: other.id }))
          .status,
      ).toBe(200);
    });
  });

  describe('POST /api/reviews/create', () => {
    test('when a member rates a class, then Review Creada; a second review replaces the first and the average follows', async () => {
      const created = await lesson();
      const first = await request(app)
        .post('/api/reviews/create')
        .set(bearer(member))
        .send({ stars: 5, description: 'Excelente', userId: member.id, lessonId: created.id });
      expect(first.status).toBe(201);
      expect(first.body.message).toBe('Review Creada');
      await request(app)
        .post('/api/reviews/create')
        .set(bearer(member))
        .send({ stars: '3', description: 'Bien', userId: member.id, lessonId: created.id })
        .expect(201);
      expect(await countReviews()).toBe(1);
      const detail = await request(app).get('/api/lessons/Spinning');
      expect(detail.body).toMatchObject({ averageStars: 3, reviewCount: 1 });
      expect(detail.body.reviews).toEqual([
        expect.objectContaining({ user: 'Socia Activa', stars: 3, description: 'Bien' }),
      ]);
    });

    test('when a member sends the same review twice at once, then one review remains and both succeed', async () => {
      const created = await lesson();
      const send = () =>
        request(app)
          .post('/api/reviews/create')
          .set(bearer(member))
          .send({ stars: 4, description: 'Doble', userId: member.id, lessonId: created.id });
      const results = await Promise.all([send(), send(), send()]);
      for (const r of results) expect(r.status).toBe(201);
      expect(await countReviews()).toBe(1);
    });

    test('when the rules are broken, then 400/401/403/404 and nothing is written', async () => {
      const created = await lesson();
      const body = { stars: 4, description: 'Hola', userId: member.id, lessonId: created.id };
      expect((await request(app).post('/api/reviews/create').send(body)).status).toBe(401);
      expect(
        (
          await request(app)
            .post('/api/reviews/create')
            .set(bearer(visitor))
            .send({ ...body, userId: visitor.id })
        ).status,
      ).toBe(403);
      expect(
        (
          await request(app)
            .post('/api/reviews/create')
            .set(bearer(member))
            .send({ ...body, userId: visitor.id })
        ).status,
      ).toBe(403);
      const stars = await request(app)
        .post('/api/reviews/create')
        .set(bearer(member))
        .send({ ...body, stars: 6 });
      expect(stars.body.details).toContainEqual({ field: 'stars', message: 'Debes elegir de 1 a 5 estrellas' });
      const long = await request(app)
        .post('/api/reviews/create')
        .set(bearer(member))
        .send({ ...body, description: 'x'.repeat(501) });
      expect(long.status).toBe(400);
      const missing = await request(app)
        .post('/api/reviews/create')
        .set(bearer(member))
        .send({ ...body, lessonId: new Types.ObjectId().toString() });
      expect(missing.status).toBe(404);
      expect(await countReviews()).toBe(0);
    });
  });
});
