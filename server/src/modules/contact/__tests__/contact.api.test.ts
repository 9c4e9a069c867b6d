import request from 'supertest';
import { createTestApp } from '../../../test/app';
import { useTestDatabase } from '../../../test/db';
import { bearer, createTestUser } from '../../../test/fixtures';
import { createMailer } from '../../../lib/mailer';
import { startSmtp, until } from '../../../test/smtp';
import { ContactModel } from '../contact.model';
import { retryPending } from '../contact.service';

describe('POST /api/contact', () => {
  useTestDatabase();
  const mail = startSmtp();
  let smtpUrl = '';

  beforeAll(async () => {
    smtpUrl = await mail.listen();
  });
  afterAll(() => mail.close());
  beforeEach(() => ContactModel.deleteMany({}));

  const body = {
    user_name: 'Ana Pérez',
    subject: 'Horarios de la Sede Centro',
    user_email: 'ana@example.com',
    company: 'Empresa SA',
    message: '¿Abren los domingos?',
  };

  test('when a visitor writes, then the message is stored and an e-mail with every field reaches CONTACT_TO', async () => {
    const { app } = createTestApp({ SMTP_URL: smtpUrl, CONTACT_TO: 'recepcion@gym.example' });
    const res = await request(app).post('/api/contact').send(body);
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('Mensaje enviado correctamente');
    await until(() => mail.received.length > 0);
    const sent = mail.received.at(-1);
    expect(sent?.to).toEqual(['recepcion@gym.example']);
    const raw = sent?.raw ?? '';
    for (const text of [
      'Ana',
      'Horarios de la Sede Centro',
      'ana@example.com',
      'Empresa SA',
      'Reply-To: ana@example.com',
    ]) {
      expect(raw).toContain(text);
    }
    await until(async () => (await ContactModel.findById(res.body.id).lean())?.status === 'sent');
  });

  test('when SMTP is down, then the visitor is still told it was received, the message stays pending and a retry sends it', async () => {
    const { app, config } = createTestApp({ SMTP_URL: 'smtp://127.0.0.1:1', CONTACT_TO: 'recepcion@gym.example' });
    const res = await request(app).post('/api/contact').send(body);
    expect(res.status).toBe(201);
    await until(async () => ((await ContactModel.findById(res.body.id).lean())?.attempts ?? 0) > 0);
    expect(await ContactModel.findById(res.body.id).lean()).toMatchObject({
      status: 'pending',
      lastError: expect.any(String),
    });

    const before = mail.received.length;
    const working = createMailer({ smtpUrl, from: config.mailFrom }, { info: () => undefined });
    expect(await retryPending(working, config.contactTo, { warn: () => undefined })).toBe(1);
    expect(mail.received.length).toBe(before + 1);
    expect((await ContactModel.findById(res.body.id).lean())?.status).toBe('sent');
  });

  test.each([
    [{ user_name: '' }, 'user_name', 'El nombre completo es requerido'],
    [{ subject: '' }, 'subject', 'El asunto es requerido'],
    [{ user_email: 'no-es-email' }, 'user_email', 'Debe ingresar un correo electrónico válido'],
    [{ subject: 'Hola\r\nBcc: victima@example.com' }, 'subject', 'No se permiten saltos de línea en este campo'],
    [{ user_email: { $gt: '' } }, 'user_email', 'El valor enviado no tiene el tipo correcto'],
  ])('when %o, then 400 on %s and nothing is stored', async (change, field, message) => {
    const { app } = createTestApp();
    const res = await request(app)
      .post('/api/contact')
      .send({ ...body, ...change });
    expect(res.status).toBe(400);
    expect(res.body.details).toContainEqual({ field, message });
    expect(await ContactModel.countDocuments()).toBe(0);
  });

  test('when an admin lists messages, then they come newest first; members get 403', async () => {
    const { app, config } = createTestApp();
    await request(app).post('/api/contact').send(body).expect(201);
    const admin = await createTestUser(config, { isAdmin: true });
    const member = await createTestUser(config);
    const list = await request(app).get('/api/contact').set(bearer(admin));
    expect(list.body[0]).toMatchObject({ name: 'Ana Pérez', company: 'Empresa SA' });
    expect((await request(app).get('/api/contact').set(bearer(member))).status).toBe(403);
  });
});
