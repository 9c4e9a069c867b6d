import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { useShallow } from 'zustand/react/shallow';
import { ListState } from '../../../components/ui/load-state';
import { paths } from '../../../config/paths';
import { dashboardTrainersEs as t } from '../../../i18n/dashboard-trainers';
import { useTrainersStore } from '../store';
import { EditIcon, PlusIcon } from '../../../components/ui/icons';
import '../trainers.css';

/** /dashboard/profesores: Nombre and Clase per trainer, an edit link per row, + to crear. */
export function TrainerList() {
  const { items, status, error, fetchTrainers } = useTrainersStore(
    useShallow((s) => ({ items: s.items, status: s.status, error: s.error, fetchTrainers: s.fetchTrainers })),
  );

  useEffect(() => {
    void fetchTrainers();
  }, [fetchTrainers]);

  return (
    <section className="trainers" aria-labelledby="trainers-title">
      <header className="trainers__header">
        <h1 id="trainers-title" className="trainers__title">
          {t.title}
        </h1>
        <Link to={paths.dashboardTrainerCreate} className="button button--primary trainers__add">
          <PlusIcon />
          <span>{t.create}</span>
        </Link>
      </header>
      <ListState load={{ status, error }} count={items.length} texts={t} onRetry={() => void fetchTrainers()} />
      {items.length > 0 && (
        <div className="table-scroll trainers__table-wrap">
          <table className="table trainers__table">
            <thead>
              <tr>
                <th scope="col">{t.name}</th>
                <th scope="col">{t.lessons}</th>
                <th scope="col">
                  <span className="visually-hidden">{t.actions}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {items.map((trainer) => (
                <tr key={trainer.id}>
                  <th scope="row">{trainer.fullName}</th>
                  <td className="trainers__lessons">
                    {trainer.lessonDetails.length > 0 ? (
                      trainer.lessonDetails.map((l) => l.name).join(', ')
                    ) : (
                      <span className="trainers__none">{t.noLessons}</span>
                    )}
                  </td>
                  <td className="trainers__actions">
                    <Link
                      to={paths.dashboardTrainerEdit(trainer.id)}
                      className="button button--small"
                      aria-label={t.edit(trainer.fullName)}
                      title={t.edit(trainer.fullName)}
                    >
                      <EditIcon />
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
