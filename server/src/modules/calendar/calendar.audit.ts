import type { AuditSnapshotReader } from '../audit/audit.middleware';
import { gymDateTime } from '../../lib/gym-time';
import { objectIdOrNull } from '../../lib/object-id';
import { CalendarEventModel, type CalendarEventDoc } from './calendar.model';

/** A gym event as the audit trail keeps it, in the gym's hours. */
export const eventAudit: AuditSnapshotReader = async (id, { timeZone }) => {
  const _id = objectIdOrNull(id);
  const doc = _id && (await CalendarEventModel.findById(_id).lean<CalendarEventDoc>());
  if (!doc) return null;
  const at = (date: Date) => gymDateTime(date, timeZone).replace('T', ' ');
  return { label: doc.title, values: { title: doc.title, start: at(doc.start), end: at(doc.end) } };
};
