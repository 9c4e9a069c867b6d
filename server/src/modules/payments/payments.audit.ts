import { MESSAGES, type PaymentStatus } from '@pulso/shared';
import type { AuditSnapshotReader } from '../audit/audit.middleware';
import { gymDate } from '../../lib/gym-time';
import { objectIdOrNull } from '../../lib/object-id';
import { findUserContact } from '../users/users.service';
import { PaymentModel, type PaymentDoc } from './payments.model';

/** A payment as the audit trail keeps it; its member's history shows it too. */
export const paymentAudit: AuditSnapshotReader = async (id, { timeZone }) => {
  const _id = objectIdOrNull(id);
  const doc = _id && (await PaymentModel.findById(_id).lean<PaymentDoc>());
  if (!doc) return null;
  const member = (await findUserContact(doc.user))?.fullName ?? null;
  const day = (date: Date | null | undefined) => (date ? gymDate(date, timeZone) : null);
  return {
    label: `${doc.planName} · ${member ?? ''}`.trim(),
    values: {
      member,
      plan: doc.planName,
      amount: `${doc.amount} ${doc.currency.toUpperCase()}`,
      method: MESSAGES.receipts.methods[doc.provider as 'stripe' | 'demo' | 'manual'] ?? doc.provider,
      status: MESSAGES.receipts.statuses[doc.status as PaymentStatus] ?? doc.status,
      membershipStart: day(doc.membershipStart),
      membershipEnd: day(doc.membershipEnd),
      refundReason: doc.refundReason || null,
    },
    related: [`user:${String(doc.user)}`],
  };
};
