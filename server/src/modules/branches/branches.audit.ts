import type { AuditSnapshotReader } from '../audit/audit.middleware';
import { objectIdOrNull } from '../../lib/object-id';
import { BranchModel, type BranchDoc } from './branches.model';

/** A sede as the audit trail keeps it (its hours: a change tells its members, issue 24 item 6). */
export const branchAudit: AuditSnapshotReader = async (id) => {
  const _id = objectIdOrNull(id);
  const doc = _id && (await BranchModel.findById(_id).lean<BranchDoc>());
  if (!doc) return null;
  return {
    label: doc.name,
    values: {
      name: doc.name,
      address: doc.location,
      days: (doc.scheduleDays ?? []).join(', '),
      startTime: doc.scheduleHourStart,
      endTime: doc.scheduleHourFinish,
      image: doc.image || null,
    },
  };
};
