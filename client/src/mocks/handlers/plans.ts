import { MESSAGES, schemas, toBoolean, toText } from '@pulso/shared';
import { auditChange, auditCreate, planSnapshot } from '../audit';
import type { MockData, PlanRec } from '../db';
import { MockHttpError, type Submitted } from '../http';
import { findPlanOnSale, findRetired } from '../lookups';
import { byName, toPlanDto } from '../mappers';
import type { Route } from '../route';

/** The plans module (server/src/modules/plans): membership plans, retired and restored. */

function planFields(input: Submitted<typeof schemas.planForm>): Omit<PlanRec, 'id' | 'deletedAt'> {
  return {
    name: toText(input.name),
    benefits: toText(input.benefits),
    duration: Number(input.duration),
    price: Number(input.price),
    renewing: toBoolean(input.renewing) === true,
  };
}

/** By price, then by name. */
const plansInOrder = (data: MockData) => [...data.plans].sort((a, b) => a.price - b.price || byName(a, b));

const ensureNameFree = (data: MockData, name: string, except?: string) => {
  if (data.plans.some((p) => p.name === name && p.id !== except))
    throw MockHttpError.conflict(MESSAGES.planForm.nameTaken);
};

export const plansHandlers = (route: Route) => [
  route('GET /memberships', { access: 'anyone', ok: [200, schemas.plan.array()] }, ({ data }) =>
    plansInOrder(data)
      .filter((p) => !p.deletedAt)
      .map((p) => toPlanDto(p)),
  ),

  route('GET /memberships/all', { access: 'admin', ok: [200, schemas.plan.array()] }, ({ data }) =>
    plansInOrder(data).map((p) => toPlanDto(p, true)),
  ),

  route(
    'POST /memberships/create',
    {
      access: 'admin',
      audit: auditCreate('plan', planSnapshot, (a: { plan: { id: string } }) => a.plan.id),
      body: schemas.planForm,
      ok: [201, schemas.planSaved],
    },
    ({ input, data, db }) => {
      const fields = planFields(input);
      ensureNameFree(data, fields.name);
      const plan: PlanRec = { id: db.id(), ...fields, deletedAt: null };
      data.plans.push(plan);
      return { message: MESSAGES.planForm.created, plan: toPlanDto(plan) };
    },
  ),

  route(
    'PUT /memberships/update/:id',
    {
      access: 'admin',
      audit: auditChange('plan', 'update', planSnapshot),
      body: schemas.planForm,
      ok: [200, schemas.planSaved],
    },
    ({ input, params, data }) => {
      const fields = planFields(input);
      const plan = findPlanOnSale(data, params.id);
      ensureNameFree(data, fields.name, plan.id);
      Object.assign(plan, fields);
      return { message: MESSAGES.planForm.updated, plan: toPlanDto(plan) };
    },
  ),

  route(
    'DELETE /memberships/delete/:id',
    { access: 'admin', audit: auditChange('plan', 'delete', planSnapshot), ok: [200, schemas.message] },
    ({ params, data }) => {
      findPlanOnSale(data, params.id).deletedAt = new Date().toISOString();
      return { message: MESSAGES.planForm.deleted };
    },
  ),

  route(
    'PUT /memberships/restore/:id',
    { access: 'admin', audit: auditChange('plan', 'restore', planSnapshot), ok: [200, schemas.message] },
    ({ params, data }) => {
      findRetired(data.plans, params.id, MESSAGES.api.planNotFound).deletedAt = null;
      return { message: MESSAGES.planForm.restored };
    },
  ),

  route('GET /memberships/:id', { access: 'anyone', ok: [200, schemas.plan] }, ({ params, data }) =>
    toPlanDto(findPlanOnSale(data, params.id)),
  ),
];
