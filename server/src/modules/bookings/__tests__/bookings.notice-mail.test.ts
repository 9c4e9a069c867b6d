import { Types } from 'mongoose';
import { loadConfig } from '../../../config/env';
import { noticeMail, type NoticeDoc } from '../bookings.notices';

describe('booking e-mails: their words', () => {
  const config = loadConfig({ DATA_DIR: '/tmp', GYM_NAME: 'Gimnasio Norte', PUBLIC_URL: 'https://gym.example' });
  const session = 'aaaaaaaaaaaaaaaaaaaaaaaa:2026-12-07';
  const doc = (id: string): NoticeDoc => ({
    _id: `${session}|${id}`,
    session,
    member: new Types.ObjectId(),
    kind: 'promoted',
    lessonName: 'Spinning',
    start: '2026-12-07T18:00',
    reason: '',
    status: 'pending',
    attempts: 0,
    lastError: '',
    createdAt: new Date(),
    sentAt: null,
  });

  test('a place from the waitlist says so; a place for a wider wait says it fits the band waited for', () => {
    const fromWaitlist = noticeMail({ config }, doc('promoted:m1:3'), 'ana@example.com', 'Ana');
    const fromWish = noticeMail({ config }, doc('wish:0123456789abcdef01234567'), 'ana@example.com', 'Ana');
    for (const mail of [fromWaitlist, fromWish]) {
      expect(mail.subject).toBe('Gimnasio Norte: tienes lugar en Spinning');
      expect(mail.text).toContain('https://gym.example/clases/Spinning');
    }
    expect(fromWaitlist.text).toContain('pasaste de la lista de espera a tener tu reserva confirmada');
    expect(fromWish.text).toContain('que encaja con la franja que esperabas, y ya es tuyo: tu reserva está confirmada');
    expect(fromWish.text).not.toContain('lista de espera');
  });
});
