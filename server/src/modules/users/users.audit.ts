import { createHash } from 'node:crypto';
import type { AuditSnapshotReader } from '../audit/audit.middleware';
import { gymDate } from '../../lib/gym-time';
import { objectIdOrNull } from '../../lib/object-id';
import { branchName } from '../branches/branches.service';
import { UserModel, type UserDoc } from './users.model';
import { MESSAGES } from '@pulso/shared';

/**
 * An account as the audit trail keeps it: its contact data, roles, home sede and membership in the
 * gym's dates. The password only as a fingerprint of its stored hash, so the trail tells that it
 * changed and nothing about it (shared auditChanges shows it as such).
 */
export const userAudit: AuditSnapshotReader = async (id, { timeZone }) => {
  const _id = objectIdOrNull(id);
  const doc = _id && (await UserModel.findById(_id).select('+passwordHash').lean<UserDoc>());
  if (!doc) return null;
  const membership = doc.membership;
  const day = (date: Date | null | undefined) => (date ? gymDate(date, timeZone) : null);
  return {
    label: doc.fullName,
    values: {
      fullName: doc.fullName,
      email: doc.email,
      phone: doc.phone ?? '',
      isAdmin: !!doc.isAdmin,
      isMonitor: !!doc.isMonitor,
      staffRole: doc.staffRole ? MESSAGES.users.roles[doc.staffRole] : null,
      homeBranch: doc.homeBranch ? await branchName(doc.homeBranch) : null,
      plan: membership?.name ?? null,
      membershipStart: day(membership?.start),
      membershipEnd: day(membership?.end),
      pauses: membership?.pauses?.length
        ? membership.pauses.map((p) => `${day(p.from)} – ${day(new Date(p.until.getTime() - 1))}`).join(', ')
        : null,
      password: doc.passwordHash ? createHash('sha256').update(doc.passwordHash).digest('hex').slice(0, 12) : null,
      suspended: !!doc.deletedAt,
    },
  };
};
