import type { Logger } from 'pino';
import { Types } from 'mongoose';
import { ERROR_CODES, isDate, isObjectId, MESSAGES, type BulkUserAction } from '@pulso/shared';
import type { AppContext } from '../../lib/context';
import { HttpError } from '../../lib/http-error';
import { noticeDelivery } from '../bookings/bookings.notices';
import { offerFreedPlacesAfter } from '../bookings/bookings.wishes';
import { fulfilDeps, recordManualPayment } from '../payments/payments.service';
import { findPlanForSale } from '../plans/plans.service';
import { pauseMembership } from './membership-pauses';
import { findUserContact, suspendUser, type AuthUser } from './users.service';
import { assertUserInScope } from '../../middleware/scope';

/**
 * Actions on a selection of the users list (issue 24, item 2): a plan granted for a payment taken
 * at the desk, a pause, a suspension, each done for every selected account as the single action
 * does it (the same services, the same rules), one account at a time. An account it cannot be done
 * for is reported with the reason, and the others go on. A grant is keyed by the request and the
 * account, so the same request sent twice (a double click, a retry) sells each plan once.
 */

export interface BulkInput {
  action: BulkUserAction;
  ids: string[];
  requestId: string;
  planId?: string;
  from?: string;
  days?: string;
}

export interface BulkResult {
  message: string;
  done: { id: string; name: string }[];
  failed: { id: string; name: string; message: string }[];
}

/** What each action is in the audit trail. */
export const BULK_AUDIT_ACTION = { grant: 'payment', pause: 'pause', suspend: 'delete' } as const;

export async function bulkUsers(
  deps: { ctx: AppContext; logger: Pick<Logger, 'warn' | 'debug' | 'error' | 'info'> },
  input: BulkInput,
  caller: AuthUser,
): Promise<BulkResult> {
  const { ctx, logger } = deps;
  // What the action needs, under its field, before anything is done.
  if (input.action === 'grant') {
    const plan = input.planId && isObjectId(input.planId) ? await findPlanForSale({ id: input.planId }) : null;
    if (!plan) throw HttpError.validation({ planId: MESSAGES.payments.planRequired });
  }
  const days = Number(input.days);
  if (input.action === 'pause') {
    if (!input.from || !isDate(input.from)) throw HttpError.validation({ from: MESSAGES.pauses.fromInvalid });
    if (!/^\d{1,3}$/.test(input.days ?? '')) throw HttpError.validation({ days: MESSAGES.pauses.daysInvalid });
  }

  const ids = [...new Set(input.ids.map((id) => id.toLowerCase()))];
  const done: BulkResult['done'] = [];
  const failed: BulkResult['failed'] = [];
  const freed: string[] = [];
  for (const id of ids) {
    const name = (await findUserContact(new Types.ObjectId(id)))?.fullName ?? '';
    try {
      if (!name) throw new HttpError(404, ERROR_CODES.NOT_FOUND, MESSAGES.users.notFound);
      // A sede manager acts on their sede's members only: each other one is refused, saying why.
      await assertUserInScope(caller, id);
      if (input.action === 'grant') {
        await recordManualPayment(
          id,
          input.planId ?? '',
          ctx.config.currency,
          fulfilDeps(ctx, logger),
          `bulk_${input.requestId}_${input.planId ?? ''}_${id}`,
        );
      } else if (input.action === 'pause') {
        const paused = await pauseMembership(
          deps,
          id,
          { from: input.from ?? '', days },
          { id: caller.id, isAdmin: true },
        );
        freed.push(...paused.freed);
      } else {
        if (id === caller.id) throw new HttpError(409, ERROR_CODES.CONFLICT, MESSAGES.users.bulk.self);
        await suspendUser(id);
      }
      done.push({ id, name });
    } catch (error) {
      if (!(error instanceof HttpError)) {
        logger.error({ err: error, user: id, action: input.action }, 'bulk action failed for one account');
      }
      failed.push({ id, name, message: error instanceof HttpError ? error.message : MESSAGES.api.internal });
    }
  }
  if (freed.length) offerFreedPlacesAfter(freed, ctx.config.bookings, noticeDelivery(ctx, logger), logger);
  return { message: MESSAGES.users.bulk.done(done.length, ids.length), done, failed };
}
