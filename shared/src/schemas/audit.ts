import * as z from 'zod';
import { AUDIT_ACTIONS, AUDIT_ENTITIES } from '../audit';

const auditValue = z.union([z.string(), z.number(), z.boolean(), z.null()]);

/** One change of the audit trail (GET /api/audit, admins only): who, when, from where, what, before and after. */
export const auditEntry = z.object({
  id: z.string(),
  at: z.string(),
  actor: z.object({
    id: z.string(),
    name: z.string(),
    /** The role the change was made in: 'admin', 'manager', 'desk' or 'trainer' (shared USER_ROLES). */
    role: z.string(),
  }),
  /** The address the request came from (as `trust proxy` reads it). */
  ip: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  entity: z.enum(AUDIT_ENTITIES),
  entityId: z.string(),
  /** The record's name when it changed ('Plus', 'Spinning · 2026-11-27 18:00', a member's name). */
  label: z.string(),
  /** The fields that changed, in Spanish, with their values before and after (null: none). */
  changes: z.array(z.object({ field: z.string(), label: z.string(), before: auditValue, after: auditValue })),
});
z.globalRegistry.add(auditEntry, { id: 'AuditEntry' });

export type AuditEntryDto = z.infer<typeof auditEntry>;
