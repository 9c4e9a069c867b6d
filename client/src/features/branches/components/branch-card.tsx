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
    <article className={`branch-card${index % 2 === 1 ? ' branch-card--reverse' : ''}`} aria-labelledby={titleId}>
      <div className="branch-card__media">
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
          <div className="branch-card__placeholder" aria-hidden="true" />
        )}
      </div>
      <div className="branch-card__body">
        <h2 id={titleId} className="branch-card__name">
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
