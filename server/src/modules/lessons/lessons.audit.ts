import type { AuditSnapshotReader } from '../audit/audit.middleware';
import { objectIdOrNull } from '../../lib/object-id';
import { branchName } from '../branches/branches.service';
import { userName } from '../users/users.service';
import { LessonModel, type LessonDoc } from './lessons.model';

/** A class as the audit trail keeps it: its trainer and sede by name. */
export const lessonAudit: AuditSnapshotReader = async (id) => {
  const _id = objectIdOrNull(id);
  const doc = _id && (await LessonModel.findById(_id).lean<LessonDoc>());
  if (!doc) return null;
  const [trainer, branch] = await Promise.all([userName(doc.monitor), branchName(doc.office)]);
  return {
    label: doc.name,
    values: {
      name: doc.name,
      description: doc.description,
      trainer,
      branch,
      days: (doc.scheduleDays ?? []).join(', '),
      startTime: doc.scheduleHourStart,
      endTime: doc.scheduleHourFinish,
      capacity: doc.capacity,
      available: !!doc.isAvailable,
      image: doc.image || null,
      retired: !!doc.deletedAt,
    },
  };
};
