import type { CheckoutSessionDto, PaymentDto, PaymentProviderName, PaymentStatus } from '@pulso/shared';
import type { PaymentDoc } from './payments.model';

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

export function toPaymentDto(doc: PaymentDoc): PaymentDto {
  return {
    id: doc._id.toString(),
    userId: doc.user.toString(),
    planId: doc.plan.toString(),
    planName: doc.planName,
    amount: doc.amount,
    currency: doc.currency,
    provider: doc.provider as PaymentProviderName,
    status: doc.status as PaymentStatus,
    createdAt: doc.createdAt.toISOString(),
    paidAt: iso(doc.paidAt),
    membershipStart: iso(doc.membershipStart),
    membershipEnd: iso(doc.membershipEnd),
    receiptNumber: doc.receiptNumber ?? null,
  };
}

export function toCheckoutSessionDto(doc: PaymentDoc, benefits: string): CheckoutSessionDto {
  return {
    sessionId: doc.providerSessionId,
    planName: doc.planName,
    benefits,
    duration: doc.duration,
    amount: doc.amount,
    currency: doc.currency,
    status: doc.status as PaymentStatus,
    provider: doc.provider as PaymentProviderName,
    renewing: doc.renewing === true,
  };
}
