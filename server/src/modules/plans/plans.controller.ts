import type { Request, Response } from 'express';
import { MESSAGES, toBoolean } from '@pulso/shared';
import { wholeModel } from '../../lib/read-models';
import { validated } from '../../lib/validate';
import * as plans from './plans.service';

function fields(req: Request): plans.PlanFields {
  const input = validated<{
    name: string;
    benefits: string;
    duration: string | number;
    price: string | number;
    renewing?: unknown;
  }>(req);
  return {
    name: input.name.trim(),
    benefits: input.benefits.trim(),
    duration: Number(input.duration),
    price: Number(input.price),
    renewing: toBoolean(input.renewing) === true,
  };
}

const id = (req: Request) => String(req.params.id);

/** The plans on sale (GET /api/memberships), stored whole and rebuilt by every change to a plan. */
export const planList = wholeModel('plans', () => plans.listPlans());

export async function list(_req: Request, res: Response): Promise<void> {
  await planList.send(res);
}

export async function listAll(_req: Request, res: Response): Promise<void> {
  res.json(await plans.listAllPlans());
}

export async function get(req: Request, res: Response): Promise<void> {
  res.json(await plans.getPlan(id(req)));
}

export async function create(req: Request, res: Response): Promise<void> {
  const plan = await plans.createPlan(fields(req));
  await planList.refresh();
  res.status(201).json({ message: MESSAGES.planForm.created, plan });
}

export async function update(req: Request, res: Response): Promise<void> {
  const plan = await plans.updatePlan(id(req), fields(req));
  await planList.refresh();
  res.json({ message: MESSAGES.planForm.updated, plan });
}

export async function remove(req: Request, res: Response): Promise<void> {
  await plans.deletePlan(id(req));
  await planList.refresh();
  res.json({ message: MESSAGES.planForm.deleted });
}

export async function restore(req: Request, res: Response): Promise<void> {
  await plans.restorePlan(id(req));
  await planList.refresh();
  res.json({ message: MESSAGES.planForm.restored });
}
