import { TrainerList } from '../../../features/trainers/components/trainer-list';

/** /dashboard/profesores (SPEC §2.18). */
export function TrainersRoute() {
  return <TrainerList />;
}
