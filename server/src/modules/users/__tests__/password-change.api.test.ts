import request from 'supertest';
import { createTestApp } from '../../../test/app';
import { useTestDatabase } from '../../../test/db';
import { bearer, createTestUser } from '../../../test/fixtures';
import { expectMatchesOpenApi } from '../../../test/openapi';

/** A token signed a couple of seconds ago stands for a session opened before the change. */
const older = () => new Promise((resolve) => setTimeout(resolve, 1100));

describe('a new password ends older sessions', () => {
  useTestDatabase();
  const { app, config } = createTestApp();

  test('when a member changes their own password, then other sessions end and this one gets a new token', async () => {
    const member = await createTestUser(config);
    await older();
    const res = await request(app).put(`/api/users/update/${member.id}`).set(bearer(member)).send({
      fullName: 'Usuario Prueba',
      phone: '5512345678',
      password: 'Nueva1234',
      currentPassword: member.password,
    });
    expect(res.status).toBe(200);
    expectMatchesOpenApi('PUT', '/users/update/{id}', res);
    expect(typeof res.body.token).toBe('string');
    expect((await request(app).get(`/api/users/${member.id}`).set(bearer(member))).status).toBe(401);
    expect(
      (
        await request(app)
          .get(`/api/users/${member.id}`)
          .set(bearer({ token: res.body.token }))
      ).status,
    ).toBe(200);
    const login = await request(app).post('/api/users/login').send({ email: member.email, password: 'Nueva1234' });
    expect(login.status).toBe(200);
  });

  test('when only the name changes, then the session stays and no token is sent', async () => {
    const member = await createTestUser(config);
    await older();
    const res = await request(app)
      .put(`/api/users/update/${member.id}`)
      .set(bearer(member))
      .send({ fullName: 'Otro Nombre', phone: '5512345678' });
    expect(res.status).toBe(200);
    expect(res.body).not.toHaveProperty('token');
    expect((await request(app).get(`/api/users/${member.id}`).set(bearer(member))).status).toBe(200);
  });

  test("when an admin sets a member's password, then the member's sessions end and the admin gets no token", async () => {
    const admin = await createTestUser(config, { isAdmin: true });
    const member = await createTestUser(config);
    await older();
    const res = await request(app).put(`/api/users/update/${member.id}`).set(bearer(admin)).send({
      fullName: 'Usuario Prueba',
      email: member.email,
      phone: '5512345678',
      password: 'Nueva1234',
      isMonitor: false,
      isAdmin: false,
    });
    expect(res.status).toBe(200);
    expect(res.body).not.toHaveProperty('token');
    expect((await request(app).get(`/api/users/${member.id}`).set(bearer(member))).status).toBe(401);
    expect((await request(app).get(`/api/users/${member.id}`).set(bearer(admin))).status).toBe(200);
  });
});
