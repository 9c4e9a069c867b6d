import { schemas } from '@pulso/shared';
import { mountRoutes, routeTable } from '../../lib/route-table';
import { auditChange, auditCreate } from '../audit/audit.middleware';
import * as controller from './plans.controller';
import { planAudit } from './plans.audit';

// prettier-ignore
export const plansRoutes = routeTable<typeof controller>('/memberships', [
  { route: 'GET /',              access: 'anyone', ok: [200, schemas.plan.array()], handler: (c) => c.list, summary: 'Plans on sale' },
  { route: 'GET /all',           access: 'admin', ok: [200, schemas.plan.array()], handler: (c) => c.listAll, summary: 'Every plan, retired ones included' },
  { route: 'POST /create',       access: 'admin', body: schemas.planForm, ok: [201, schemas.planSaved], errors: [400, 409], audit: auditCreate('plan', planAudit, (a: { plan: { id: string } }) => a.plan.id), handler: (c) => c.create, summary: 'Create a plan' },
  { route: 'PUT /update/:id',    access: 'admin', body: schemas.planForm, ok: [200, schemas.planSaved], errors: [400, 404, 409], audit: auditChange('plan', 'update', planAudit), handler: (c) => c.update, summary: 'Update a plan' },
  { route: 'DELETE /delete/:id', access: 'admin', ok: [200, schemas.message], errors: [400, 404], audit: auditChange('plan', 'delete', planAudit), handler: (c) => c.remove, summary: 'Retire a plan' },
  { route: 'PUT /restore/:id',   access: 'admin', ok: [200, schemas.message], errors: [400, 404], audit: auditChange('plan', 'restore', planAudit), handler: (c) => c.restore, summary: 'Restore a retired plan' },
  { route: 'GET /:id',           access: 'anyone', ok: [200, schemas.plan], errors: [400, 404], handler: (c) => c.get, summary: 'One plan on sale' },
]);

export const plansRouter = mountRoutes(plansRoutes, controller);
