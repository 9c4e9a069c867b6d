import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { useShallow } from 'zustand/react/shallow';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { dashboardTrainersEs } from '../../../i18n/dashboard-trainers';
import { useTrainersStore } from '../store';
import { TrainerForm } from './trainer-form';
import '../trainers.css';

const t = dashboardTrainersEs.form;

/** 'Crear Profesor', or the edit screen once the trainer has loaded (with its failure's message). */
export function TrainerFormScreen({ id }: { id?: string }) {
  const { trainer, trainerId, trainerStatus, trainerError, fetchTrainer } = useTrainersStore(
    useShallow((s) => ({
      trainer: s.trainer,
      trainerId: s.trainerId,
      trainerStatus: s.trainerStatus,
      trainerError: s.trainerError,
      fetchTrainer: s.fetchTrainer,
    })),
  );

  useEffect(() => {
    if (id) void fetchTrainer(id);
  }, [id, fetchTrainer]);

  if (!id) return <TrainerForm key="new" />;
  if (trainerId === id && trainerStatus === 'failed') {
    return (
      <section className="trainer-form">
        <div className="alert alert--error" role="alert">
          <p>
            {t.loadError} {trainerError}
          </p>
          <div className="trainer-form__actions">
            <button type="button" className="button" onClick={() => void fetchTrainer(id)}>
              {t.retry}
            </button>
            <Link className="button" to={paths.dashboardTrainers}>
              {t.back}
            </Link>
          </div>
        </div>
      </section>
    );
  }
  if (trainerId !== id || trainerStatus !== 'succeeded' || trainer?.id !== id) return <Spinner label={t.loading} />;
  return <TrainerForm key={id} trainer={trainer} />;
}
