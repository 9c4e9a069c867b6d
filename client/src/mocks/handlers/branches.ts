import { branchChangeErrors, hasErrors, MESSAGES, schemas, toText } from '@pulso/shared';
import { auditChange, auditCreate, branchSnapshot } from '../audit';
import type { BranchRec, MockData } from '../db';
import { MockHttpError, type Submitted } from '../http';
import { findBranch } from '../lookups';
import { byName } from '../mappers';
import type { Route } from '../route';

/** The branches module (server/src/modules/branches): the sedes, with their days, hours and image. */

type BranchInput = Submitted<typeof schemas.branchForm.create>;

function branchFields(input: BranchInput): Omit<BranchRec, 'id' | 'image'> {
  return { name: toText(input.name), location: toText(input.location), ...schemas.weeklySchedule.parse(input) };
}

const ensureNameFree = (data: MockData, name: string, except?: string) => {
  if (data.branches.some((b) => b.name === name && b.id !== except))
    throw MockHttpError.conflict(MESSAGES.branches.nameTaken);
};

export const branchesHandlers = (route: Route) => [
  route('GET /branchoffice', { access: 'anyone', ok: [200, schemas.branchList] }, ({ data }) => ({
    branchOffice: [...data.branches].sort(byName),
  })),

  route(
    'POST /branchoffice/create',
    {
      access: 'admin',
      audit: auditCreate('branch', branchSnapshot, (a: { branchoffice: { id: string } }) => a.branchoffice.id),
      body: schemas.branchForm.create,
      multipart: 'officeAttributes',
      ok: [201, schemas.branchSaved],
    },
    ({ input, image, data, db }) => {
      const fields = branchFields(input);
      ensureNameFree(data, fields.name);
      const branch: BranchRec = { id: db.id(), ...fields, image: image ?? '' };
      data.branches.push(branch);
      return { message: MESSAGES.branches.created, branchoffice: branch };
    },
  ),

  route(
    'PUT /branchoffice/update/:id',
    {
      access: 'admin',
      audit: auditChange('branch', 'update', branchSnapshot),
      body: schemas.branchForm.update,
      multipart: 'officeAttributes',
      ok: [200, schemas.branchSaved],
    },
    ({ input, image, params, data }) => {
      const fields = branchFields(input);
      const branch = findBranch(data, params.id);
      // Its current classes must still fit the new days and hours.
      const held = data.lessons.filter((l) => l.branch === branch.id && !l.deletedAt);
      const outside = branchChangeErrors(fields, held);
      if (hasErrors(outside)) throw MockHttpError.validation(outside);
      ensureNameFree(data, fields.name, branch.id);
      Object.assign(branch, fields, image ? { image } : {});
      return { message: MESSAGES.branches.updated, branchoffice: branch };
    },
  ),

  route(
    'DELETE /branchoffice/delete/:id',
    { access: 'admin', audit: auditChange('branch', 'delete', branchSnapshot), ok: [200, schemas.message] },
    ({ params, data }) => {
      const branch = findBranch(data, params.id);
      if (data.lessons.some((l) => l.branch === branch.id && !l.deletedAt))
        throw MockHttpError.conflict(MESSAGES.branches.inUse);
      data.branches = data.branches.filter((b) => b.id !== branch.id);
      return { message: MESSAGES.branches.deleted };
    },
  ),

  route('GET /branchoffice/:id', { access: 'anyone', ok: [200, schemas.branchFound] }, ({ params, data }) => ({
    branchoffice: findBranch(data, params.id),
  })),
];
