import { Types } from 'mongoose';
import request from 'supertest';
import { createTestApp } from '../../../test/app';
import { useTestDatabase } from '../../../test/db';
import { bearer, createTestUser, type TestUser } from '../../../test/fixtures';
import { queriesDuring } from '../../../test/point-queries';
import { directoryTrainers, rebuildTrainerDirectory, trainerIdsNamed } from '../trainer-directory';
import { findTrainerIdsByName } from '../users.service';
import { UserModel } from '../users.model';

/**
 * The trainers' directory (issue 21): a lesson form that names its trainer, and the admin's list of
 * trainers, read it instead of every account; every change of a trainer's role, name or suspension
 * keeps it current.
 */
describe("the trainers' directory", () => {
  useTestDatabase();
  const { app, config } = createTestApp();
  let admin: TestUser;

  beforeAll(async () => {
    admin = await createTestUser(config, { isAdmin: true });
  });

  const names = async () => (await directoryTrainers()).map((t) => t.fullName);
  const password = 'Secreta123';

  test('when an admin makes, renames, suspends, restores and demotes a trainer, then the directory follows each change', async () => {
    const created = await request(app).post('/api/users/create').set(bearer(admin)).send({
      fullName: 'Profe Directorio',
      email: 'profe.directorio@example.com',
      phone: '5512345678',
      password,
      isMonitor: 'Si',
      isAdmin: 'No',
    });
    expect(created.status).toBe(201);
    const id = String(created.body.id ?? created.body.user?.id);
    expect(await names()).toContain('Profe Directorio');

    const update = (body: object) => request(app).put(`/api/users/update/${id}`).set(bearer(admin)).send(body);
    const form = { email: 'profe.directorio@example.com', phone: '5512345678', isAdmin: 'No' };
    const renamed = await update({ ...form, fullName: 'Profe Renombrada', isMonitor: 'Si' });
    expect(renamed.status).toBe(200);
    expect(await names()).toContain('Profe Renombrada');
    expect(await names()).not.toContain('Profe Directorio');

    expect((await request(app).delete(`/api/users/delete/${id}`).set(bearer(admin))).status).toBe(200);
    expect(await names()).not.toContain('Profe Renombrada');
    expect((await request(app).put(`/api/users/restore/${id}`).set(bearer(admin))).status).toBe(200);
    expect(await names()).toContain('Profe Renombrada');

    expect((await update({ ...form, fullName: 'Profe Renombrada', isMonitor: 'No' })).status).toBe(200);
    expect(await names()).not.toContain('Profe Renombrada');
  });

  test('when a lesson form names its trainer, then the trainer is found without reading the accounts but by point reads', async () => {
    const profe = await createTestUser(config, { isMonitor: true, fullName: 'Profe Puntual' });
    const sent = await queriesDuring(async () => {
      expect((await findTrainerIdsByName('Profe Puntual')).map(String)).toEqual([profe.id]);
    });
    for (const q of sent.filter((s) => s.collection === 'users')) expect(Object.keys(q.filter)).toEqual(['_id']);
    expect(sent.some((q) => q.collection === 'trainers')).toBe(true);
  });

  test('when the directory holds an entry the account no longer backs, then the name does not find it and a rebuild removes it', async () => {
    const profe = await createTestUser(config, { isMonitor: true, fullName: 'Profe Antigua' });
    // Changed behind the directory's back (as an older server would).
    await UserModel.updateOne({ _id: new Types.ObjectId(profe.id) }, { $set: { isMonitor: false } });
    expect((await trainerIdsNamed('Profe Antigua')).map(String)).toEqual([profe.id]);
    expect(await findTrainerIdsByName('Profe Antigua')).toEqual([]);
    await rebuildTrainerDirectory();
    expect(await trainerIdsNamed('Profe Antigua')).toEqual([]);
  });
});
