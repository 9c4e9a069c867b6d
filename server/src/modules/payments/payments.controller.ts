import type { Request, Response } from 'express';
import { ERROR_CODES, MESSAGES, parsePaymentQuery, toBoolean, type PaymentQuery } from '@pulso/shared';
import { callerOrigin } from '../../lib/caller-origin';
import type { AppContext } from '../../lib/context';
import { HttpError } from '../../lib/http-error';
import { listQuery, validated } from '../../lib/validate';
import { assertUserInScope, outOfScope, sedeOf } from '../../middleware/scope';
import { findPlanAnyState } from '../plans/plans.service';
import { getUser, parsePage } from '../users/users.service';
import { listAdminPayments, writePaymentsCsv } from './payments.admin';
import { refundPayment } from './refunds';
import { toCheckoutSessionDto } from './payments.mapper';
import * as payments from './payments.service';
import { fulfilDeps } from './payments.service';

function caller(req: Request) {
  if (!req.user) throw HttpError.unauthenticated();
  return req.user;
}

/** No checkout is offered: the installation sells plans at the front desk only. */
function unavailable(): HttpError {
  return new HttpError(503, ERROR_CODES.PAYMENTS_UNAVAILABLE, MESSAGES.payments.unavailable);
}

/** The session's buyer (or an admin) only. */
async function ownSession(req: Request) {
  const user = caller(req);
  const session = await payments.findSession(String(req.params.sessionId));
  if (!user.isAdmin && session.user.toString() !== user.id) {
    throw new HttpError(403, ERROR_CODES.FORBIDDEN, MESSAGES.payments.notYours);
  }
  return session;
}

/**
 * The payments list's filters from the query string (400 naming a value that is not valid). A sede
 * manager's list is their sede's members' payments: its sede filter is theirs.
 */
function paymentQueryOf(req: Request): PaymentQuery {
  const query = listQuery(req, parsePaymentQuery);
  const sede = sedeOf(req.user);
  if (!sede) return query;
  if (query.branch && query.branch !== sede) throw outOfScope();
  return { ...query, branch: sede };
}

export function paymentsController(ctx: AppContext) {
  const { currency } = ctx.config;
  const { timeZone } = ctx.config.bookings;
  const deps = (req: Request) => fulfilDeps(ctx, req.log);
  return {
    async createCheckout(req: Request, res: Response) {
      const user = caller(req);
      const input = validated<{ id?: string; name?: string; planId?: string }>(req);
      if (input.id !== undefined && input.id !== user.id) throw HttpError.forbidden();
      if (!ctx.payments) throw unavailable();
      const site = callerOrigin(req, ctx.config);
      const { redirectUrl } = await payments.startCheckout(
        ctx.payments,
        { success: `${site}/pagos/exito?session={CHECKOUT_SESSION_ID}`, cancel: `${site}/pagos/cancelado` },
        { id: user.id, email: user.email },
        { id: input.planId, name: input.name },
        currency,
      );
      res.status(201).json({ redirect_url: redirectUrl });
    },

    async getSession(req: Request, res: Response) {
      const session = await ownSession(req);
      const plan = await findPlanAnyState(session.plan);
      res.json(toCheckoutSessionDto(session, plan?.benefits ?? ''));
    },

    /** 'Pagar' on the demo checkout page. */
    async confirmDemo(req: Request, res: Response) {
      const session = await ownSession(req);
      if (session.provider !== 'demo') throw new HttpError(409, ERROR_CODES.CONFLICT, MESSAGES.payments.notDemo);
      // Demo sessions left from before the demo checkout was turned off grant nothing.
      if (ctx.payments?.name !== 'demo') throw unavailable();
      const { failRenewals } = validated<{ failRenewals?: unknown }>(req);
      const { payment } = await payments.fulfil(session.providerSessionId, '', deps(req), {
        failRenewals: toBoolean(failRenewals) === true,
      });
      // A cancellation decided first (also one sent at the same moment) stands.
      if (payment.status !== 'paid') throw new HttpError(409, ERROR_CODES.CONFLICT, MESSAGES.payments.notPending);
      const user = await getUser(session.user.toString());
      res.json({ message: MESSAGES.payments.success, payment, membresia: user.membresia });
    },

    async cancelDemo(req: Request, res: Response) {
      const session = await ownSession(req);
      // A Stripe checkout is settled by Stripe: cancelling it here could drop a payment it takes.
      if (session.provider !== 'demo') throw new HttpError(409, ERROR_CODES.CONFLICT, MESSAGES.payments.notDemo);
      const payment = await payments.cancelSession(session.providerSessionId);
      res.json({ message: MESSAGES.payments.cancelled, payment });
    },

    async mine(req: Request, res: Response) {
      res.json(await payments.listMemberPayments(caller(req).id));
    },

    /** A paid payment's receipt (PDF), for its member or an admin. */
    async receipt(req: Request, res: Response) {
      const user = caller(req);
      const { fileName, pdf } = await payments.receiptDownload(String(req.params.id), user, ctx.config.receipts);
      res
        .status(200)
        .set({
          'Content-Type': 'application/pdf',
          'Content-Disposition': `attachment; filename="${fileName}"`,
          'Cache-Control': 'private, no-store',
        })
        .send(pdf);
    },

    /** The admin's list: filtered, newest first, a page; the total in X-Total-Count. */
    async list(req: Request, res: Response) {
      const { items, total } = await listAdminPayments(paymentQueryOf(req), parsePage(req.query), timeZone);
      res.set('X-Total-Count', String(total)).json(items);
    },

    /** The same list as CSV. */
    async csv(req: Request, res: Response) {
      await writePaymentsCsv(res, paymentQueryOf(req), timeZone, new Date());
    },

    /** 'Reembolsar': the whole payment, and the membership loses its days. */
    async refund(req: Request, res: Response) {
      const input = validated<{ reason?: string }>(req);
      const result = await refundPayment(
        { ctx, logger: req.log },
        String(req.params.id),
        caller(req),
        input.reason ?? '',
      );
      res.json(result);
    },

    /** Front desk: an admin records a payment taken in person and the plan is granted. */
    async manual(req: Request, res: Response) {
      const input = validated<{ userId: string; planId: string }>(req);
      // A sede's manager or front desk takes payments from their sede's members.
      await assertUserInScope(req.user, input.userId);
      const { payment } = await payments.recordManualPayment(input.userId, input.planId, currency, deps(req));
      res.status(201).json({ message: MESSAGES.payments.success, payment });
    },
  };
}
