import * as z from 'zod';
import { schemas } from '@pulso/shared';
import type { AppContext } from '../../lib/context';
import { mountRoutes, routeTable, type QueryParameter } from '../../lib/route-table';
import { auditChange, auditCreate } from '../audit/audit.middleware';
import { paymentsController } from './payments.controller';
import { paymentAudit } from './payments.audit';

const PAYMENT_QUERY: QueryParameter[] = [
  {
    name: 'from',
    description: "The first day (YYYY-MM-DD, the gym's date) the payment was paid (or made, if never paid)",
  },
  { name: 'to', description: "The last day (YYYY-MM-DD, the gym's date), included" },
  { name: 'plan', description: "The plan's id" },
  { name: 'branch', description: "The member's home sede's id, or 'none'" },
  { name: 'method', description: "'stripe', 'demo' or 'manual' (the front desk)" },
  { name: 'status', description: "'pending', 'paid', 'cancelled' or 'refunded'" },
];
const PAYMENT_QUERY_NOTES =
  "An administrator's list: X-Total-Count counts the matches. 400 VALIDATION_FAILED naming a filter that is not valid.";
const REFUND_NOTES =
  "Only a paid payment (409 REFUND_REFUSED otherwise, and for one refunded already or being refunded at this moment). Stripe's is refunded through its API under an idempotency key of the payment (502 when Stripe fails, nothing changed); the demo's and the front desk's are recorded. The membership loses the days the payment paid for, never before now: one step of the member's membership chain, exactly once however many refunds are asked at once. Bookings past the new end are given up and a renewing plan stops renewing.";

// prettier-ignore
export const paymentsRoutes = routeTable<ReturnType<typeof paymentsController>>('/payments', [
  { route: 'POST /create_checkout',          access: 'signed-in', body: schemas.checkoutForm, ok: [201, schemas.checkoutStarted], errors: [400, 403, 404, 503], handler: (c) => c.createCheckout, summary: 'Start a card checkout for a plan (price read from the database)' },
  { route: 'GET /session/:sessionId',        access: 'signed-in', ok: [200, schemas.checkoutSession], errors: [403, 404], handler: (c) => c.getSession, summary: 'A checkout session of the caller' },
  { route: 'POST /demo/:sessionId/confirm',  access: 'signed-in', body: schemas.demoConfirmForm, ok: [200, schemas.paymentConfirmed], errors: [403, 404, 409, 503], handler: (c) => c.confirmDemo, summary: "'Pagar' on the demo checkout page: the membership is activated (409 once cancelled; 503 when the demo checkout is off)" },
  { route: 'POST /demo/:sessionId/cancel',   access: 'signed-in', ok: [200, schemas.paymentSaved], errors: [403, 404, 409], handler: (c) => c.cancelDemo, summary: "'Cancelar' on the demo checkout page" },
  { route: 'GET /mine',                      access: 'signed-in', ok: [200, schemas.payment.array()], handler: (c) => c.mine, summary: "The caller's payments" },
  { route: 'GET /:id/receipt',               access: 'signed-in', ok: [200, z.string().meta({ format: 'binary' })], okContentType: 'application/pdf', errors: [400, 403, 404], handler: (c) => c.receipt, summary: "A paid payment's numbered receipt as a PDF (`recibo-000123.pdf`), for its member or an admin" },
  { route: 'GET /',                          access: 'manager', paged: true, query: PAYMENT_QUERY, ok: [200, schemas.adminPayment.array()], errors: [400], handler: (c) => c.list, summary: 'Payments, newest first, filtered by period, plan, home sede, method and state', notes: PAYMENT_QUERY_NOTES },
  { route: 'GET /csv',                       access: 'manager', query: PAYMENT_QUERY, ok: [200, z.string()], okContentType: 'text/csv', errors: [400], handler: (c) => c.csv, summary: 'The payments the same filters ask for, as CSV (UTF-8 with BOM, for Excel)' },
  { route: 'POST /:id/refund',               access: 'manager', scope: { payment: 'id' }, body: schemas.refundForm, ok: [200, schemas.paymentRefunded], errors: [400, 404, 409, 502, 503], audit: auditChange('payment', 'refund', paymentAudit), handler: (c) => c.refund, summary: 'Refund a paid payment in full (Stripe through its API; demo and desk payments recorded); the membership loses its days', notes: REFUND_NOTES },
  { route: 'POST /manual',                   access: 'desk', body: schemas.manualPaymentForm, ok: [201, schemas.paymentSaved], errors: [400, 404], audit: { ...auditCreate('payment', paymentAudit, (a: { payment: { id: string } }) => a.payment.id), action: 'payment' }, handler: (c) => c.manual, summary: 'Front desk: record a payment taken in person and grant the plan' },
]);

export function paymentsRouter(ctx: AppContext) {
  return mountRoutes(paymentsRoutes, paymentsController(ctx));
}
