import request from 'supertest';
import { MESSAGES } from '@pulso/shared';
import { createTestApp } from '../../../test/app';
import { useTestDatabase } from '../../../test/db';
import { bearer, createTestUser, type TestUser } from '../../../test/fixtures';
import { expectMatchesOpenApi } from '../../../test/openapi';
import { BranchModel } from '../../branches/branches.model';

const hours = { scheduleDays: ['Lunes'], scheduleHourStart: '07:00', scheduleHourFinish: '22:00' };

describe("a member's home sede ('Sede habitual')", () => {
  useTestDatabase();
  const { app, config } = createTestApp();
  let admin: TestUser;
  let centro: string;
  let norte: string;

  beforeAll(async () => {
    admin = await createTestUser(config, { isAdmin: true });
    centro = (await BranchModel.create({ name: 'Sede Centro', location: 'Calle 1', ...hours }))._id.toString();
    norte = (await BranchModel.create({ name: 'Sede Norte', location: 'Calle 2', ...hours }))._id.toString();
  });

  const register = (email: string, homeBranch?: string) =>
    request(app)
      .post('/api/users/create')
      .send({ email, password: 'Socio1234', ...(homeBranch === undefined ? {} : { homeBranch }) });

  test('when a person registers choosing a sede, then the account names it; without one it has none', async () => {
    const res = await register('con.sede@example.com', centro).expect(201);
    const token = res.body.user.token as string;
    const id = res.body.user.id as string;
    const me = await request(app).get(`/api/users/${id}`).set('Authorization', `Bearer ${token}`).expect(200);
    expectMatchesOpenApi('GET', '/users/{id}', me);
    expect(me.body.homeBranch).toEqual({ id: centro, name: 'Sede Centro' });

    const plain = await register('sin.sede@example.com').expect(201);
    const other = await request(app)
      .get(`/api/users/${plain.body.user.id as string}`)
      .set('Authorization', `Bearer ${plain.body.user.token as string}`)
      .expect(200);
    expect(other.body.homeBranch).toBeNull();
  });

  test('when the sede sent does not exist or is not an id, then the account is not made and the field says why', async () => {
    for (const homeBranch of ['f'.repeat(24), 'Sede Centro']) {
      const res = await register(`mala.${homeBranch.length}@example.com`, homeBranch);
      expect(res.status).toBe(400);
      expect(res.body.details).toEqual([{ field: 'homeBranch', message: MESSAGES.users.homeBranchUnknown }]);
    }
    const list = await request(app).get('/api/users?limit=100').set(bearer(admin)).expect(200);
    expect(list.body.some((u: { email: string }) => u.email.startsWith('mala.'))).toBe(false);
  });

  test('when a member changes their own, or an admin sets anyone’s, then the profile, the users table and the data export say it; none clears it', async () => {
    const member = await createTestUser(config, { fullName: 'Ana Sede' });
    await request(app)
      .put(`/api/users/update/${member.id}`)
      .set(bearer(member))
      .send({ fullName: 'Ana Sede', phone: '5511111111', homeBranch: norte })
      .expect(200);
    expect((await request(app).get(`/api/users/${member.id}`).set(bearer(member))).body.homeBranch).toEqual({
      id: norte,
      name: 'Sede Norte',
    });

    await request(app)
      .put(`/api/users/update/${member.id}`)
      .set(bearer(admin))
      .send({ fullName: 'Ana Sede', email: member.email, phone: '5511111111', homeBranch: centro })
      .expect(200);
    const list = await request(app).get('/api/users?limit=100').set(bearer(admin)).expect(200);
    expectMatchesOpenApi('GET', '/users', list);
    expect(list.body.find((u: { id: string }) => u.id === member.id).homeBranch).toEqual({
      id: centro,
      name: 'Sede Centro',
    });
    const exported = await request(app).get('/api/users/export').set(bearer(member)).expect(200);
    expect(exported.body.account.homeBranch).toEqual({ id: centro, name: 'Sede Centro' });

    // A field not sent leaves it; '' clears it.
    await request(app)
      .put(`/api/users/update/${member.id}`)
      .set(bearer(member))
      .send({ fullName: 'Ana Sede', phone: '5511111111' })
      .expect(200);
    expect((await request(app).get(`/api/users/${member.id}`).set(bearer(member))).body.homeBranch?.id).toBe(centro);
    await request(app)
      .put(`/api/users/update/${member.id}`)
      .set(bearer(member))
      .send({ fullName: 'Ana Sede', phone: '5511111111', homeBranch: '' })
      .expect(200);
    expect((await request(app).get(`/api/users/${member.id}`).set(bearer(member))).body.homeBranch).toBeNull();
  });

  test('when a member’s home sede is deleted, then the account names none', async () => {
    const gone = await BranchModel.create({ name: 'Sede Temporal', location: 'Calle 9', ...hours });
    const member = await createTestUser(config, { fullName: 'Luis Sede' });
    await request(app)
      .put(`/api/users/update/${member.id}`)
      .set(bearer(member))
      .send({ fullName: 'Luis Sede', phone: '5522222222', homeBranch: gone._id.toString() })
      .expect(200);
    await request(app).delete(`/api/branchoffice/delete/${gone._id.toString()}`).set(bearer(admin)).expect(200);
    expect((await request(app).get(`/api/users/${member.id}`).set(bearer(member))).body.homeBranch).toBeNull();
  });
});
