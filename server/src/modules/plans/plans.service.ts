import type { PlanDto } from '@pulso/shared';
import { toPlanDto } from './plans.mapper';
import { PlanModel, type PlanDoc } from './plans.model';

/** Plans ordered by price, cheapest first, as the landing page shows them. */
export async function listPlans(): Promise<PlanDto[]> {
  const docs = await PlanModel.find().sort({ price: 1, name: 1 }).lean<PlanDoc[]>();
  return docs.map(toPlanDto);
}

export async function countPlans(): Promise<number> {
  return PlanModel.countDocuments();
}
