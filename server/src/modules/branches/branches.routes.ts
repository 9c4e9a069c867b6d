import { schemas } from '@pulso/shared';
import type { AppContext } from '../../lib/context';
import { mountRoutes, routeTable } from '../../lib/route-table';
import { auditChange, auditCreate } from '../audit/audit.middleware';
import { branchesController } from './branches.controller';
import { branchAudit } from './branches.audit';

// prettier-ignore
export const branchesRoutes = routeTable<ReturnType<typeof branchesController>>('/branchoffice', [
  { route: 'GET /',              access: 'anyone', ok: [200, schemas.branchList], handler: (c) => c.list, summary: 'Sedes' },
  { route: 'POST /create',       access: 'admin', body: schemas.branchForm.create, multipart: 'officeAttributes', ok: [201, schemas.branchSaved], errors: [400, 409, 413, 415], audit: auditCreate('branch', branchAudit, (a: { branchoffice: { id: string } }) => a.branchoffice.id), handler: (c) => c.create, summary: 'Create a sede' },
  { route: 'PUT /update/:id',    access: 'admin', body: schemas.branchForm.update, multipart: 'officeAttributes', ok: [200, schemas.branchSaved], errors: [400, 404, 409, 413, 415], audit: auditChange('branch', 'update', branchAudit), handler: (c) => c.update, summary: 'Update a sede' },
  { route: 'DELETE /delete/:id', access: 'admin', ok: [200, schemas.message], errors: [400, 404, 409], audit: auditChange('branch', 'delete', branchAudit), handler: (c) => c.remove, summary: 'Delete a sede without classes' },
  { route: 'GET /:id',           access: 'anyone', ok: [200, schemas.branchFound], errors: [400, 404], handler: (c) => c.get, summary: 'One sede' },
]);

export function branchesRouter(ctx: AppContext) {
  return mountRoutes(branchesRoutes, branchesController(ctx));
}
