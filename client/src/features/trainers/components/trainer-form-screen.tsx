import { useEffect } from 'react';
import { ScreenLoad } from '../../../components/ui/load-state';
import { paths } from '../../../config/paths';
import { dashboardTrainersEs } from '../../../i18n/dashboard-trainers';
import { slotFor } from '../../../lib/resource';
import { useTrainersStore } from '../store';
import { TrainerForm } from './trainer-form';
import '../trainers.css';

const t = dashboardTrainersEs.form;

/** 'Crear Profesor', or the edit screen once the trainer has loaded (with its failure's message). */
export function TrainerFormScreen({ id }: { id?: string }) {
  const fetchTrainer = useTrainersStore((s) => s.fetchTrainer);
  const {
    value: trainer,
    status,
    error,
  } = slotFor(
    useTrainersStore((s) => s.trainer),
    id ?? '',
  );

  useEffect(() => {
    if (id) void fetchTrainer(id);
  }, [id, fetchTrainer]);

  if (!id) return <TrainerForm key="new" />;
  return (
    <ScreenLoad
      ready={status === 'succeeded' && trainer?.id === id}
      failed={status === 'failed' ? t.loadError : null}
      error={error}
      loading={t.loading}
      onRetry={() => void fetchTrainer(id)}
      back={{ label: t.back, to: paths.dashboardTrainers }}
      className="trainer-form"
    >
      <TrainerForm key={id} trainer={trainer} />
    </ScreenLoad>
  );
}
