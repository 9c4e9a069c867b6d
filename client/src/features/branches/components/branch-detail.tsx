import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { MESSAGES } from '@pulso/shared';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { es } from '../../../i18n/es';
import { assetUrl } from '../../../lib/asset-url';
import { slotFor } from '../../../lib/resource';
import { formatDays, formatHour } from '../format';
import { useBranchesStore } from '../store';
import { BranchTimetable } from './branch-timetable';
import '../branches.css';

interface BranchDetailProps {
  id: string;
}

/**
 * /sedes/detalles/{id}: name, address, days joined by commas, the schedule as start to end
 * and the image, 'Cargando...' until it arrives, and 'Atras' back to /sedes.
 */
export function BranchDetail({ id }: BranchDetailProps) {
  const fetchBranch = useBranchesStore((s) => s.fetchBranch);
  const {
    value: detail,
    status,
    error,
    notFound,
  } = slotFor(
    useBranchesStore((s) => s.detail),
    id,
  );

  useEffect(() => {
    void fetchBranch(id);
  }, [id, fetchBranch]);

  const back = (
    <Link className="button" to={paths.branches}>
      {es.branches.back}
    </Link>
  );

  if (status === 'idle' || status === 'loading') {
    return (
      <section className="section branch-detail">
        <Spinner label={es.branches.detailLoading} />
      </section>
    );
  }

  if (status === 'failed' || !detail) {
    return (
      <section className="section branch-detail message-page">
        <div className="alert alert--error" role="alert">
          <h1 className="branch-detail__error-title">
            {notFound ? MESSAGES.branches.notFound : es.branches.detailLoadError}
          </h1>
          {!notFound && error && <p>{error}</p>}
          <div className="branch-detail__actions">
            {back}
            {!notFound && (
              <button type="button" className="button button--primary" onClick={() => void fetchBranch(id)}>
                {es.common.retry}
              </button>
            )}
          </div>
        </div>
      </section>
    );
  }

  return (
    <section className="section branch-detail">
      <article className="media-card branch-detail__card" aria-labelledby="branch-detail-title">
        {detail.image && (
          <img
            className="branch-detail__image"
            src={assetUrl(detail.image)}
            alt={es.branches.imageAlt(detail.name)}
            width={800}
            height={500}
          />
        )}
        <div className="branch-detail__body">
          <h1 id="branch-detail-title" className="branch-detail__name">
            {detail.name}
          </h1>
          <dl className="branch-detail__facts">
            <div>
              <dt>{es.branches.address}</dt>
              <dd>{detail.location}</dd>
            </div>
            <div>
              <dt>{es.branches.days}</dt>
              <dd>{detail.scheduleDays.length > 0 ? formatDays(detail.scheduleDays) : es.branches.noDays}</dd>
            </div>
            <div>
              <dt>{es.branches.schedule}</dt>
              <dd>{es.branches.hours(formatHour(detail.scheduleHourStart), formatHour(detail.scheduleHourFinish))}</dd>
            </div>
          </dl>
          <div className="branch-detail__actions">{back}</div>
        </div>
      </article>
      {/* Its own state per sede: another sede's page starts anew. */}
      <BranchTimetable key={id} id={id} />
    </section>
  );
}
