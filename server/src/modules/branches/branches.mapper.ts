import { scheduleOf, type BranchDto } from '@pulso/shared';
import type { BranchDoc } from './branches.model';

export function toBranchDto(doc: BranchDoc): BranchDto {
  return {
    id: doc._id.toString(),
    name: doc.name,
    location: doc.location,
    image: doc.image ?? '',
    ...scheduleOf(doc),
  };
}
