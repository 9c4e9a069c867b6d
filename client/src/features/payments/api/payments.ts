import type { CheckoutSessionDto, PaymentDto, PlanDto, schemas, UserDto } from '@pulso/shared';
import { api, type Answer } from '../../../lib/api-client';

export async function getPlan(id: string): Promise<PlanDto> {
  const { data } = await api.get<PlanDto>(`/memberships/${encodeURIComponent(id)}`);
  return data;
}

export async function createCheckout(userId: string, planId: string): Promise<string> {
  const { data } = await api.post<Answer<typeof schemas.checkoutStarted>>('/payments/create_checkout', {
    id: userId,
    planId,
  });
  return data.redirect_url;
}

export async function getCheckoutSession(sessionId: string): Promise<CheckoutSessionDto> {
  const { data } = await api.get<CheckoutSessionDto>(`/payments/session/${encodeURIComponent(sessionId)}`);
  return data;
}

/** 'Pagar': the payment and the membership it gave. */
export async function confirmDemoCheckout(
  sessionId: string,
): Promise<Pick<Answer<typeof schemas.paymentConfirmed>, 'payment' | 'membresia'>> {
  const { data } = await api.post<Answer<typeof schemas.paymentConfirmed>>(
    `/payments/demo/${encodeURIComponent(sessionId)}/confirm`,
  );
  return data;
}

export async function cancelDemoCheckout(sessionId: string): Promise<void> {
  await api.post(`/payments/demo/${encodeURIComponent(sessionId)}/cancel`);
}

export async function getUser(id: string): Promise<UserDto> {
  const { data } = await api.get<UserDto>(`/users/${encodeURIComponent(id)}`);
  return data;
}

/** The signed-in member's payments, newest first. */
export async function getMyPayments(): Promise<PaymentDto[]> {
  const { data } = await api.get<PaymentDto[]>('/payments/mine');
  return data;
}
