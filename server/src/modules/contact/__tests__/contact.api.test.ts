import mongoose from 'mongoose';
import request from 'supertest';
import { createTestApp } from '../../../test/app';
import { useTestDatabase } from '../../../test/db';
import { bearer, createTestUser } from '../../../test/fixtures';
import { claimLease, JOB_LEASES, JobRunner } from '../../../lib/jobs';
import { createMailer, type Mailer } from '../../../lib/mailer';
import { startSmtp, until } from '../../../test/smtp';
import { ContactModel } from '../contact.model';
import { retryPending, submitContact } from '../contact.service';

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

describe('contact retry with several servers on one database', () => {
  useTestDatabase();
  beforeEach(async () => {
    await ContactModel.deleteMany({});
    await mongoose.connection.collection(JOB_LEASES).deleteMany({});
  });

  const quiet = { warn: () => undefined };
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  /** A mail server that has come back: it counts what each message's subject was sent. */
  function countingMailer() {
    const sent: string[] = [];
    const mailer: Mailer = {
      delivering: true,
      async send(mail) {
        // Long enough for every concurrent retry to have read the message as pending.
        await sleep(30);
        sent.push(mail.subject);
      },
    };
    return { mailer, sent };
  }

  /** Messages that could not be e-mailed while SMTP was down. */
  async function pendingMessages(count: number) {
    const docs = await ContactModel.insertMany(
      Array.from({ length: count }, (_, i) => ({
        name: 'Ana',
        subject: `Consulta ${i}`,
        email: 'ana@example.com',
        attempts: 1,
        lastError: 'connect ECONNREFUSED',
      })),
    );
    return docs.map((d) => d._id.toString());
  }

  test('when SMTP recovers and 10 servers run the retry job at the same moment, then each message is sent exactly once', async () => {
    await pendingMessages(3);
    const { mailer, sent } = countingMailer();
    const servers = Array.from({ length: 10 }, (_, i) =>
      new JobRunner({ leaseMs: 60_000, pollMs: 60_000, owner: `server-${i}` }).add({
        name: 'contact-retry',
        everyMs: 60_000,
        run: () => retryPending(mailer, 'recepcion@gym.example', quiet),
      }),
    );
    await Promise.all(servers.map((s) => s.runDue()));
    expect(sent.sort()).toEqual(['[Contacto] Consulta 0', '[Contacto] Consulta 1', '[Contacto] Consulta 2']);
    expect(await ContactModel.countDocuments({ status: 'sent', attempts: 2 })).toBe(3);
  });

  test('when 10 retries run at the same moment outside the runner, then each message is still sent exactly once', async () => {
    await pendingMessages(3);
    const { mailer, sent } = countingMailer();
    const counts = await Promise.all(
      Array.from({ length: 10 }, () => retryPending(mailer, 'recepcion@gym.example', quiet)),
    );
    expect(counts.reduce((a, b) => a + b, 0)).toBe(3);
    expect(sent).toHaveLength(3);
    expect(new Set(sent).size).toBe(3);
  });

  test('when a server claimed a message and died, then no retry sends it before its lease ends, and one does after', async () => {
    const id = String(await pendingMessages(1));
    expect(await claimLease(`contact:${id}`, { leaseMs: 300, owner: 'dead-server' })).not.toBeNull();
    const { mailer, sent } = countingMailer();
    const retry = () => retryPending(mailer, 'recepcion@gym.example', quiet, { leaseMs: 60_000 });
    expect(await Promise.all([retry(), retry(), retry()])).toEqual([0, 0, 0]);
    expect(sent).toEqual([]);
    await sleep(350);
    await Promise.all(Array.from({ length: 10 }, retry));
    expect(sent).toEqual(['[Contacto] Consulta 0']);
    expect((await ContactModel.findById(id).lean())?.status).toBe('sent');
    // And never again.
    await Promise.all(Array.from({ length: 5 }, retry));
    expect(sent).toHaveLength(1);
  });

  test('when a server died after sending but before recording it, then the next owner finds it sent and sends nothing', async () => {
    const id = String(await pendingMessages(1));
    await claimLease(`contact:${id}`, { leaseMs: 100, owner: 'dead-server' });
    await ContactModel.updateOne({ _id: id }, { $set: { status: 'sent', sentAt: new Date() } });
    await sleep(150);
    const { mailer, sent } = countingMailer();
    expect(await retryPending(mailer, 'recepcion@gym.example', quiet)).toBe(0);
    expect(sent).toEqual([]);
  });

  test('when a visitor writes while retries run, then the message is sent once', async () => {
    const { mailer, sent } = countingMailer();
    const { delivery } = await submitContact(
      { name: 'Ana', subject: 'Nueva', email: 'ana@example.com', company: '', message: '' },
      mailer,
      'recepcion@gym.example',
      quiet,
    );
    await Promise.all([
      delivery,
      ...Array.from({ length: 5 }, () => retryPending(mailer, 'recepcion@gym.example', quiet)),
    ]);
    expect(sent).toEqual(['[Contacto] Nueva']);
  });
});
