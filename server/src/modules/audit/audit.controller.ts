import type { Request, Response } from 'express';
import {
  AUDIT_ENTITIES,
  ERROR_CODES,
  isAuditEntityId,
  MESSAGES,
  parseAuditQuery,
  type AuditEntity,
} from '@pulso/shared';
import type { AppContext } from '../../lib/context';
import { HttpError } from '../../lib/http-error';
import { listQuery } from '../../lib/validate';
import { parsePage } from '../users/users.service';
import { auditHistoryOf, listAudit } from './audit.service';

export function auditController(ctx: AppContext) {
  const { timeZone } = ctx.config.bookings;
  return {
    /** The trail, newest first, filtered; the total in X-Total-Count. */
    async list(req: Request, res: Response): Promise<void> {
      const { items, total } = await listAudit(listQuery(req, parseAuditQuery), parsePage(req.query), timeZone);
      res.set('X-Total-Count', String(total)).json(items);
    },
    /** One record's history. */
    async history(req: Request, res: Response): Promise<void> {
      const entity = String(req.params.entity);
      const id = String(req.params.id);
      if (!(AUDIT_ENTITIES as readonly string[]).includes(entity)) {
        throw new HttpError(404, ERROR_CODES.ROUTE_NOT_FOUND, MESSAGES.api.routeNotFound);
      }
      if (!isAuditEntityId(entity as AuditEntity, id)) throw HttpError.invalidId();
      res.json(await auditHistoryOf(entity as AuditEntity, id));
    },
  };
}
