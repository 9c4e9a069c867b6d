import { Types } from 'mongoose';
import request from 'supertest';
import type { Mail, Mailer } from '../../../lib/mailer';
import { createTestApp } from '../../../test/app';
import { useTestDatabase } from '../../../test/db';
import { bearer, createTestUser } from '../../../test/fixtures';
import { expectMatchesOpenApi } from '../../../test/openapi';
import { dueReminder, sendMembershipReminders, type ReminderDeps } from '../membership-reminders';
import { UserModel } from '../users.model';

const DAY = 86_400_000;
const HOUR = 3_600_000;

/** A mailer that keeps what it is asked to send (or fails while `failing`). */
function recordingMailer(): Mailer & { sent: Mail[]; failing: boolean } {
  return {
    delivering: true,
    sent: [],
    failing: false,
    async send(mail) {
      if (this.failing) throw new Error('SMTP down (simulated)');
      this.sent.push(mail);
    },
  };
}

const day = (d: Date) =>
  d.toLocaleDateString('es', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' });

describe('membership reminders', () => {
  useTestDatabase();
  const { app, config } = createTestApp();
  const planId = new Types.ObjectId();

  async function memberEndingAt(end: Date, fields: { optOut?: boolean } = {}) {
    const member = await createTestUser(config, {
      fullName: 'Lucía Pérez',
      membership: { planId, name: 'Plus', start: new Date(end.getTime() - 90 * DAY), end },
    });
    if (fields.optOut) await UserModel.updateOne({ _id: member.id }, { $set: { membershipReminders: false } });
    return member;
  }

  function deps(mailer: Mailer): ReminderDeps {
    return { mailer, gymName: 'Gimnasio Norte', publicUrl: 'https://gym.example/', reminderDays: [7, 1] };
  }
  const mailsTo = (mailer: { sent: Mail[] }, email: string) => mailer.sent.filter((m) => m.to === email);

  test('which reminder is due: the nearest notice whose day has come, then the lapse for two days', () => {
    const end = new Date('2026-12-10T12:00:00.000Z');
    const at = (ms: number) => dueReminder(end, new Date(end.getTime() - ms), [7, 1]);
    expect(at(8 * DAY)).toBeNull();
    expect(at(7 * DAY)).toEqual({ kind: 'ending', days: 7 });
    expect(at(3 * DAY)).toEqual({ kind: 'ending', days: 7 });
    expect(at(DAY)).toEqual({ kind: 'ending', days: 1 });
    expect(at(HOUR)).toEqual({ kind: 'ending', days: 1 });
    expect(at(0)).toEqual({ kind: 'lapsed' });
    expect(at(-47 * HOUR)).toEqual({ kind: 'lapsed' });
    expect(at(-49 * HOUR)).toBeNull();
  });

  test('when the job runs as the end comes and goes, then the 7-day, the 1-day and the lapse e-mails go once each', async () => {
    const mailer = recordingMailer();
    // At 06:00 UTC, the e-mails' calendar: 6.5 days before is 7 days before by the date, 12 hours before the day before.
    const soon = new Date(Date.now() + 30 * DAY);
    const end = new Date(Date.UTC(soon.getUTCFullYear(), soon.getUTCMonth(), soon.getUTCDate(), 6));
    const member = await memberEndingAt(end);
    const run = (before: number) => sendMembershipReminders(deps(mailer), new Date(end.getTime() - before));

    await run(10 * DAY);
    expect(mailsTo(mailer, member.email)).toHaveLength(0);

    await run(6.5 * DAY);
    await run(6 * DAY);
    await run(2 * DAY);
    const [week] = mailsTo(mailer, member.email);
    expect(mailsTo(mailer, member.email)).toHaveLength(1);
    expect(week?.subject).toBe(`Gimnasio Norte: tu membresía Plus vence el ${day(end)}`);
    expect(week?.text).toContain(`Hola Lucía Pérez, tu membresía Plus vence el ${day(end)} (en 7 días).`);
    expect(week?.text).toContain('Planes: https://gym.example/#planes');
    expect(week?.text).toContain(
      'Puedes dejar de recibir estos recordatorios desde tu perfil: https://gym.example/profile',
    );

    await run(12 * HOUR);
    await run(HOUR);
    expect(mailsTo(mailer, member.email)).toHaveLength(2);
    expect(mailsTo(mailer, member.email)[1]?.text).toContain('(mañana)');

    await run(-HOUR);
    await run(-DAY);
    await run(-3 * DAY);
    expect(mailsTo(mailer, member.email)).toHaveLength(3);
    expect(mailsTo(mailer, member.email)[2]).toMatchObject({
      subject: 'Gimnasio Norte: tu membresía Plus venció',
      text: expect.stringContaining(`tu membresía Plus venció el ${day(end)}. Cuando compres un plan nuevo`),
    });
  });

  test('when a membership ends later today, then its last reminder says today, not tomorrow', async () => {
    const mailer = recordingMailer();
    const soon = new Date(Date.now() + 30 * DAY);
    const end = new Date(Date.UTC(soon.getUTCFullYear(), soon.getUTCMonth(), soon.getUTCDate(), 20));
    const member = await memberEndingAt(end);
    // 18:00 UTC of its last day: the 1-day notice is the nearest due, and the date it names is today's.
    await sendMembershipReminders(deps(mailer), new Date(end.getTime() - 2 * HOUR));
    expect(mailsTo(mailer, member.email)).toHaveLength(1);
    expect(mailsTo(mailer, member.email)[0]?.text).toContain(`vence el ${day(end)} (hoy).`);
  });

  test('when a member renews, then the new end gets its own reminders', async () => {
    const mailer = recordingMailer();
    const end = new Date(Date.now() + 40 * DAY);
    const member = await memberEndingAt(end);
    await sendMembershipReminders(deps(mailer), new Date(end.getTime() - 5 * DAY));
    const later = new Date(end.getTime() + 30 * DAY);
    await UserModel.updateOne({ _id: member.id }, { $set: { 'membership.end': later } });
    await sendMembershipReminders(deps(mailer), new Date(end.getTime() - 4 * DAY));
    expect(mailsTo(mailer, member.email)).toHaveLength(1);
    await sendMembershipReminders(deps(mailer), new Date(later.getTime() - 5 * DAY));
    expect(mailsTo(mailer, member.email).map((m) => m.subject)).toEqual([
      `Gimnasio Norte: tu membresía Plus vence el ${day(end)}`,
      `Gimnasio Norte: tu membresía Plus vence el ${day(later)}`,
    ]);
  });

  test('when a member switched reminders off, then none is sent', async () => {
    const mailer = recordingMailer();
    const end = new Date(Date.now() + 50 * DAY);
    const member = await memberEndingAt(end, { optOut: true });
    for (const before of [6 * DAY, HOUR, -HOUR]) {
      await sendMembershipReminders(deps(mailer), new Date(end.getTime() - before));
    }
    expect(mailsTo(mailer, member.email)).toHaveLength(0);
  });

  test('when the e-mail cannot be sent, then the next run sends it', async () => {
    const mailer = recordingMailer();
    const end = new Date(Date.now() + 60 * DAY);
    const member = await memberEndingAt(end);
    mailer.failing = true;
    await sendMembershipReminders(deps(mailer), new Date(end.getTime() - 6 * DAY));
    mailer.failing = false;
    await sendMembershipReminders(deps(mailer), new Date(end.getTime() - 5 * DAY));
    await sendMembershipReminders(deps(mailer), new Date(end.getTime() - 4 * DAY));
    expect(mailsTo(mailer, member.email)).toHaveLength(1);
  });

  test('when two servers run the job at the same moment, many times, then each member gets each reminder once', async () => {
    const mailer = recordingMailer();
    const end = new Date(Date.now() + 70 * DAY);
    const members = await Promise.all(Array.from({ length: 8 }, () => memberEndingAt(end)));
    const now = new Date(end.getTime() - 3 * DAY);
    await Promise.all(Array.from({ length: 6 }, () => sendMembershipReminders(deps(mailer), now)));
    for (const member of members) expect(mailsTo(mailer, member.email)).toHaveLength(1);
  });

  test('when a member switches reminders off in their profile, then the job skips them; on again, it does not', async () => {
    const mailer = recordingMailer();
    const end = new Date(Date.now() + 80 * DAY);
    const member = await memberEndingAt(end);
    const read = await request(app).get('/api/users/preferences').set(bearer(member)).expect(200);
    expectMatchesOpenApi('GET', '/users/preferences', read);
    expect(read.body).toEqual({ membershipReminders: true });

    const off = await request(app)
      .put('/api/users/preferences')
      .set(bearer(member))
      .send({ membershipReminders: false })
      .expect(200);
    expectMatchesOpenApi('PUT', '/users/preferences', off);
    expect(off.body).toEqual({ message: 'Preferencias guardadas', preferences: { membershipReminders: false } });
    await sendMembershipReminders(deps(mailer), new Date(end.getTime() - 6 * DAY));
    expect(mailsTo(mailer, member.email)).toHaveLength(0);

    await request(app)
      .put('/api/users/preferences')
      .set(bearer(member))
      .send({ membershipReminders: true })
      .expect(200);
    await sendMembershipReminders(deps(mailer), new Date(end.getTime() - 12 * HOUR));
    expect(mailsTo(mailer, member.email)).toHaveLength(1);
  });

  test('when the preference is not yes or no, or nobody is signed in, then nothing changes', async () => {
    const member = await createTestUser(config);
    const bad = await request(app)
      .put('/api/users/preferences')
      .set(bearer(member))
      .send({ membershipReminders: 'a veces' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(JSON.stringify(bad.body)).toContain('Indica sí o no');
    await request(app).put('/api/users/preferences').send({ membershipReminders: false }).expect(401);
    expect((await request(app).get('/api/users/preferences').set(bearer(member))).body).toEqual({
      membershipReminders: true,
    });
  });
});
