import { paymentQueryParams, type AdminPaymentDto, type PaymentQuery, type PlanDto, type schemas } from '@pulso/shared';
import { api, type Answer } from '../../../lib/api-client';
import { fileNameOf } from '../../../lib/save-file';

export const PAYMENTS_PAGE_SIZE = 25;

/** A page of the admin's payments list, newest first, with how many match. */
export async function getPayments(
  query: PaymentQuery,
  page: number,
): Promise<{ items: AdminPaymentDto[]; total: number }> {
  const response = await api.get<AdminPaymentDto[]>('/payments', {
    params: { page, limit: PAYMENTS_PAGE_SIZE, ...paymentQueryParams(query) },
  });
  const header: unknown = response.headers['x-total-count'];
  const total = Number(typeof header === 'string' ? header : response.data.length);
  return { items: response.data, total: Number.isFinite(total) ? total : response.data.length };
}

/** The list the filters ask for, as the CSV file the server writes, with its name. */
export async function downloadPaymentsCsv(query: PaymentQuery): Promise<{ file: Blob; fileName: string }> {
  const response = await api.get<Blob>('/payments/csv', { params: paymentQueryParams(query), responseType: 'blob' });
  return { file: response.data, fileName: fileNameOf(response.headers, 'pagos.csv') };
}

/** 'Reembolsar': the whole payment; the membership loses its days. */
export async function refundPayment(id: string, reason: string): Promise<Answer<typeof schemas.paymentRefunded>> {
  return (await api.post<Answer<typeof schemas.paymentRefunded>>(`/payments/${id}/refund`, { reason })).data;
}

/** Every plan, retired ones too (payments of a retired plan are still listed): the plan filter's choices. */
export async function getAllPlans(): Promise<PlanDto[]> {
  return (await api.get<PlanDto[]>('/memberships/all')).data;
}
