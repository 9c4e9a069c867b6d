import * as z from 'zod';
import { schemas } from '@pulso/shared';
import type { AppContext } from '../../lib/context';
import { mountRoutes, routeTable } from '../../lib/route-table';
import { auditCreate } from '../audit/audit.middleware';
import { paymentsController } from './payments.controller';
import { paymentAudit } from './payments.audit';

// prettier-ignore
export const paymentsRoutes = routeTable<ReturnType<typeof paymentsController>>('/payments', [
  { route: 'POST /create_checkout',          access: 'signed-in', body: schemas.checkoutForm, ok: [201, schemas.checkoutStarted], errors: [400, 403, 404, 503], handler: (c) => c.createCheckout, summary: 'Start a card checkout for a plan (price read from the database)' },
  { route: 'GET /session/:sessionId',        access: 'signed-in', ok: [200, schemas.checkoutSession], errors: [403, 404], handler: (c) => c.getSession, summary: 'A checkout session of the caller' },
  { route: 'POST /demo/:sessionId/confirm',  access: 'signed-in', body: schemas.demoConfirmForm, ok: [200, schemas.paymentConfirmed], errors: [403, 404, 409, 503], handler: (c) => c.confirmDemo, summary: "'Pagar' on the demo checkout page: the membership is activated (409 once cancelled; 503 when the demo checkout is off)" },
  { route: 'POST /demo/:sessionId/cancel',   access: 'signed-in', ok: [200, schemas.paymentSaved], errors: [403, 404, 409], handler: (c) => c.cancelDemo, summary: "'Cancelar' on the demo checkout page" },
  { route: 'GET /mine',                      access: 'signed-in', ok: [200, schemas.payment.array()], handler: (c) => c.mine, summary: "The caller's payments" },
  { route: 'GET /:id/receipt',               access: 'signed-in', ok: [200, z.string().meta({ format: 'binary' })], okContentType: 'application/pdf', errors: [400, 403, 404], handler: (c) => c.receipt, summary: "A paid payment's numbered receipt as a PDF (`recibo-000123.pdf`), for its member or an admin" },
  { route: 'GET /',                          access: 'admin', ok: [200, schemas.payment.array()], handler: (c) => c.list, summary: 'All payments, newest first' },
  { route: 'POST /manual',                   access: 'admin', body: schemas.manualPaymentForm, ok: [201, schemas.paymentSaved], errors: [400, 404], audit: { ...auditCreate('payment', paymentAudit, (a: { payment: { id: string } }) => a.payment.id), action: 'payment' }, handler: (c) => c.manual, summary: 'Front desk: record a payment taken in person and grant the plan' },
]);

export function paymentsRouter(ctx: AppContext) {
  return mountRoutes(paymentsRoutes, paymentsController(ctx));
}
