import request from 'supertest';
import { Types } from 'mongoose';
import { MESSAGES } from '@pulso/shared';
import { createContext } from '../../../lib/context';
import { loadConfig } from '../../../config/env';
import { createTestApp } from '../../../test/app';
import { useTestDatabase } from '../../../test/db';
import { bearer, createTestUser, type TestUser } from '../../../test/fixtures';
import { expectMatchesOpenApi } from '../../../test/openapi';
import { startSmtp } from '../../../test/smtp';
import { BranchModel } from '../../branches/branches.model';
import { UserModel } from '../../users/users.model';
import { AnnouncementDeliveryModel, AnnouncementModel } from '../announcements.model';
import { sendAnnouncements } from '../announcements.service';

describe('announcements to members (/api/announcements)', () => {
  useTestDatabase();
  const smtp = startSmtp();
  let app: ReturnType<typeof createTestApp>['app'];
  let config: ReturnType<typeof createTestApp>['config'];
  let deps: Parameters<typeof sendAnnouncements>[0];
  let admin: TestUser;
  let norte: Types.ObjectId;
  const members: TestUser[] = [];
  const quiet = { info: () => undefined, warn: () => undefined };

  beforeAll(async () => {
    const smtpUrl = await smtp.listen();
    ({ app, config } = createTestApp({ SMTP_URL: smtpUrl }));
    deps = {
      ctx: createContext(loadConfig({ ...process.env, NODE_ENV: 'test', SMTP_URL: smtpUrl, DATA_DIR: config.dataDir })),
      logger: quiet,
    };
    admin = await createTestUser(config, { isAdmin: true, fullName: 'Ada Admin' });
    const hours = { scheduleDays: ['Lunes'], scheduleHourStart: '7', scheduleHourFinish: '21' };
    norte = (await BranchModel.create({ name: 'Sede Norte', location: 'Calle 2', ...hours }))._id;
    for (const n of [1, 2, 3, 4, 5]) {
      const member = await createTestUser(config, { fullName: `Socio Norte ${n}` });
      await UserModel.updateOne({ _id: member.id }, { $set: { homeBranch: norte } });
      members.push(member);
    }
  });
  afterAll(() => smtp.close());

  const send = (body: Record<string, unknown>, as: TestUser = admin) =>
    request(app).post('/api/announcements').set(bearer(as)).send(body);
  const toNorte = { subject: 'Cierre por mantenimiento', body: 'El sábado cerramos a las 14:00.', audience: 'branch' };

  test("when the admin previews an announcement to a sede, then it says how many it reaches and the first one's e-mail; nothing is sent", async () => {
    const res = await request(app)
      .post('/api/announcements/preview')
      .set(bearer(admin))
      .send({ ...toNorte, branchId: norte.toString() })
      .expect(200);
    expectMatchesOpenApi('POST', '/announcements/preview', res);
    expect(res.body).toMatchObject({ audience: 'Socios de Sede Norte', count: 5 });
    expect(res.body.sample).toHaveLength(5);
    expect(res.body.mail.subject).toBe('Cierre por mantenimiento');
    expect(res.body.mail.text).toMatch(/^Hola Socio Norte \d,\n\nEl sábado cerramos a las 14:00\.\n\n— El equipo de /);
    expect(await AnnouncementModel.countDocuments()).toBe(0);
  });

  test('when it is sent, then each member gets it once at the bounded pace, even with six runs at once, and the list counts sent and failed', async () => {
    const res = await send({ ...toNorte, branchId: norte.toString(), requestId: 'ann-norte-0001' });
    expect(res.status).toBe(201);
    expectMatchesOpenApi('POST', '/announcements', res);
    expect(res.body.message).toBe('Anuncio en camino a 5 personas.');
    expect(res.body.announcement).toMatchObject({
      status: 'sending',
      total: 5,
      done: 0,
      audience: 'Socios de Sede Norte',
    });
    // The same sending again (a double click): the same announcement.
    const again = await send({ ...toNorte, branchId: norte.toString(), requestId: 'ann-norte-0001' });
    expect([again.status, again.body.announcement.id]).toEqual([200, res.body.announcement.id]);
    // One member leaves before it reaches them: counted as failed.
    const gone = members[4] as TestUser;
    await UserModel.deleteOne({ _id: gone.id });

    // The pace: a run with room for two sends two.
    expect(await sendAnnouncements(deps, 2)).toBe(2);
    const listed = await request(app).get('/api/announcements').set(bearer(admin)).expect(200);
    expectMatchesOpenApi('GET', '/announcements', listed);
    expect(listed.body[0]).toMatchObject({ status: 'sending', done: 2 });

    // Six runs at once: whoever reaches a recipient first sends it, nobody twice.
    await Promise.all(Array.from({ length: 6 }, () => sendAnnouncements(deps, 100)));
    await sendAnnouncements(deps, 100);
    const done = (await request(app).get('/api/announcements').set(bearer(admin)).expect(200)).body[0];
    expect(done).toMatchObject({ status: 'sent', total: 5, done: 5, sent: 4, failed: 1, createdBy: 'Ada Admin' });
    const mails = smtp.received.filter((mail) => mail.raw.includes('Cierre por mantenimiento'));
    const to = mails.flatMap((mail) => mail.to).sort();
    expect(to).toEqual(
      members
        .slice(0, 4)
        .map((m) => m.email)
        .sort(),
    );
    expect(
      await AnnouncementDeliveryModel.collection.countDocuments({
        _id: { $regex: `^${res.body.announcement.id}:` },
      } as never),
    ).toBe(5);
    // The trail has it.
    const trail = await request(app)
      .get(`/api/audit/announcement/${res.body.announcement.id}`)
      .set(bearer(admin))
      .expect(200);
    expect(trail.body[0]).toMatchObject({ action: 'create', label: 'Cierre por mantenimiento' });
  });

  test("when a sede's hours change, then its members are sent an announcement of the new hours", async () => {
    const before = await AnnouncementModel.countDocuments();
    await request(app)
      .put(`/api/branchoffice/update/${norte}`)
      .set(bearer(admin))
      .field(
        'officeAttributes',
        JSON.stringify({
          name: 'Sede Norte',
          location: 'Calle 2',
          scheduleDays: ['Lunes', 'Martes'],
          scheduleHourStart: '6:00',
          scheduleHourFinish: '22:00',
        }),
      )
      .expect(200);
    expect(await AnnouncementModel.countDocuments()).toBe(before + 1);
    const latest = await AnnouncementModel.findOne().sort({ createdAt: -1 }).lean();
    expect(latest).toMatchObject({
      subject: 'Cambió el horario de Sede Norte',
      audience: 'Socios de Sede Norte',
      total: 4,
    });
    expect(latest?.body).toContain('Lunes, Martes, de 6:00 a 22:00');
    // Saved again with the same hours: nothing new to tell.
    await request(app)
      .put(`/api/branchoffice/update/${norte}`)
      .set(bearer(admin))
      .field(
        'officeAttributes',
        JSON.stringify({
          name: 'Sede Norte',
          location: 'Calle 3',
          scheduleDays: ['Lunes', 'Martes'],
          scheduleHourStart: '6:00',
          scheduleHourFinish: '22:00',
        }),
      )
      .expect(200);
    expect(await AnnouncementModel.countDocuments()).toBe(before + 1);
  });

  test('when the audience is missing what it needs, reaches nobody, or a member asks, then nothing is written', async () => {
    const before = await AnnouncementModel.countDocuments();
    const cases: [Record<string, unknown>, string][] = [
      [{ ...toNorte }, 'branchId'],
      [{ ...toNorte, audience: 'lesson', lessonId: new Types.ObjectId().toString() }, 'lessonId'],
      [{ ...toNorte, audience: 'filtered', filters: 'status=Nada' }, 'filters'],
      [{ ...toNorte, audience: 'todos' }, 'audience'],
      [{ ...toNorte, subject: '' }, 'subject'],
    ];
    for (const [body, field] of cases) {
      const res = await send(body);
      expect([res.status, res.body.code]).toEqual([400, 'VALIDATION_FAILED']);
      expect(JSON.stringify(res.body)).toContain(field);
    }
    const nobody = await send({ ...toNorte, audience: 'selection', ids: [new Types.ObjectId().toString()] });
    expect([nobody.status, nobody.body.message]).toEqual([400, MESSAGES.announcements.nobody]);
    expect((await send({ ...toNorte, branchId: norte.toString() }, members[0])).status).toBe(403);
    expect(await AnnouncementModel.countDocuments()).toBe(before);
  });
});
