import type { AuditSnapshotReader } from '../audit/audit.middleware';
import { objectIdOrNull } from '../../lib/object-id';
import { PlanModel, type PlanDoc } from './plans.model';

/** A plan as the audit trail keeps it. */
export const planAudit: AuditSnapshotReader = async (id) => {
  const _id = objectIdOrNull(id);
  const doc = _id && (await PlanModel.findById(_id).lean<PlanDoc>());
  if (!doc) return null;
  return {
    label: doc.name,
    values: {
      name: doc.name,
      duration: doc.duration,
      benefits: doc.benefits,
      price: doc.price,
      renewing: !!doc.renewing,
      retired: !!doc.deletedAt,
    },
  };
};
