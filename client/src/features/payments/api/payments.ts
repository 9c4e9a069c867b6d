import type { CheckoutSessionDto, PaymentDto, PlanDto, schemas, UserDto } from '@pulso/shared';
import { AxiosError } from 'axios';
import { fileNameOf } from '../../../lib/save-file';
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
  options: { failRenewals?: boolean } = {},
): Promise<Pick<Answer<typeof schemas.paymentConfirmed>, 'payment' | 'membresia'>> {
  const { data } = await api.post<Answer<typeof schemas.paymentConfirmed>>(
    `/payments/demo/${encodeURIComponent(sessionId)}/confirm`,
    options.failRenewals ? { failRenewals: true } : {},
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

/** A paid payment's receipt: the PDF and the name the server gives its file. */
export async function downloadReceipt(paymentId: string): Promise<{ file: Blob; fileName: string }> {
  try {
    const response = await api.get<Blob>(`/payments/${encodeURIComponent(paymentId)}/receipt`, {
      responseType: 'blob',
    });
    return { file: response.data, fileName: fileNameOf(response.headers, 'recibo.pdf') };
  } catch (error) {
    // A failure's body came as a Blob too: read it back as the API's JSON error.
    if (error instanceof AxiosError && error.response?.data instanceof Blob) {
      const text = await error.response.data.text();
      try {
        error.response.data = JSON.parse(text);
      } catch {
        // Not JSON: the failure is worded as an unexpected answer.
      }
    }
    throw error;
  }
}
