import type { PlanDto } from '@pulso/shared';
import type { PlanDoc } from './plans.model';

export function toPlanDto(doc: PlanDoc, withStatus = false): PlanDto {
  return {
    id: doc._id.toString(),
    name: doc.name,
    duration: doc.duration,
    benefits: doc.benefits,
    price: doc.price,
    renewing: doc.renewing === true,
    ...(withStatus ? { deletedAt: doc.deletedAt ? doc.deletedAt.toISOString() : null } : {}),
  };
}
