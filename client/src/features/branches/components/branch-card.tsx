import { Link } from 'react-router-dom';
import type { BranchDto } from '@pulso/shared';
import { paths } from '../../../config/paths';
import { es } from '../../../i18n/es';
import { assetUrl } from '../../../lib/asset-url';

interface BranchCardProps {
  branch: BranchDto;
  index: number;
}

/**
 * One sede: image, name and 'Detalles aquí'. On desktop every other row puts the image on
 * the right; on narrow screens it is a plain card with the image on top (branches.css).
 */
export function BranchCard({ branch, index }: BranchCardProps) {
  const titleId = `branch-${branch.id}`;
  return (
    <article
      className={`media-card branch-card${index % 2 === 1 ? ' media-card--reverse branch-card--reverse' : ''}`}
      aria-labelledby={titleId}
    >
      <div className="media-card__media branch-card__media">
        {branch.image ? (
          <img
            src={assetUrl(branch.image)}
            alt={es.branches.imageAlt(branch.name)}
            width={800}
            height={500}
            loading={index < 2 ? 'eager' : 'lazy'}
            decoding="async"
          />
        ) : (
          <div className="media-card__placeholder branch-card__placeholder" aria-hidden="true" />
        )}
      </div>
      <div className="media-card__body branch-card__body">
        <h2 id={titleId} className="media-card__name branch-card__name">
          {branch.name}
        </h2>
        <p className="branch-card__location">{branch.location}</p>
        <Link
          className="button button--primary branch-card__details"
          to={paths.branchDetail(branch.id)}
          aria-label={es.branches.detailsOf(branch.name)}
        >
          {es.branches.details}
        </Link>
      </div>
    </article>
  );
}
