import { parseSessionId, type CheckinResultDto } from '@pulso/shared';
import type { AuditSnapshotReader, AuditSpec } from '../audit/audit.middleware';
import { userName } from '../users/users.service';
import { lessonOf, storedSession } from './bookings.service';

const sessionLabel = (lessonName: string, date: string) => `${lessonName} · ${date}`;

/** One session as the audit trail keeps it: its own capacity, substitute and cancellation. */
export const sessionAudit: AuditSnapshotReader = async (id) => {
  const parsed = parseSessionId(id);
  if (!parsed) return null;
  const [lesson, doc] = await Promise.all([lessonOf(parsed.lessonId).catch(() => null), storedSession(id)]);
  if (!lesson) return null;
  return {
    label: sessionLabel(lesson.name, parsed.date),
    values: {
      lesson: lesson.name,
      date: parsed.date,
      capacity: doc?.capacity ?? lesson.capacity,
      substitute: doc?.trainer ? await userName(doc.trainer) : null,
      cancelled: !!doc?.cancelledAt,
      reason: doc?.cancelReason || null,
    },
  };
};

/** A check-in, told by its answer (one that was done already changes nothing); the member's history shows it too. */
export const checkinAudit: AuditSpec = {
  entity: 'session',
  action: 'checkin',
  target: () => undefined,
  fromAnswer: (answer) => {
    const result = answer as CheckinResultDto;
    if (result.already) return null;
    const label = sessionLabel(result.session.lessonName, result.session.date);
    const related = [`user:${result.memberId}`];
    return {
      id: result.session.id,
      before: { label, values: { member: result.memberName, checkedIn: false }, related },
      after: { label, values: { member: result.memberName, checkedIn: true }, related },
    };
  },
};

/** What an admin changes of one session (capacity, substitute) or its cancellation. */
export const sessionChangeAudit = (action: 'update' | 'cancel'): AuditSpec => ({
  entity: 'session',
  action,
  target: (req) => String(req.params.sessionId),
  snapshot: sessionAudit,
});
