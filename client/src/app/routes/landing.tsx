import { Link } from 'react-router-dom';
import { paths, PLANS_SECTION_ID } from '../../config/paths';
import { selectOffersPlans, useAuthStore } from '../../features/auth/store';
import { Gallery } from '../../features/landing/components/gallery';
import { PlansSection } from '../../features/plans/components/plans-section';
import { es } from '../../i18n/es';
import { usePageTitle } from '../../lib/use-page-title';

/** Home: the gallery, 'Por qué escogernos', and the plans unless the member already has one. */
export function LandingRoute() {
  usePageTitle(es.titles.home);
  const offersPlans = useAuthStore(selectOffersPlans);
  return (
    <>
      <Gallery />
      <section className="section why" aria-labelledby="why-title">
        <h2 id="why-title" className="section__title">
          {es.landing.whyTitle}
        </h2>
        <ul className="why__points">
          {es.landing.whyPoints.map((point) => (
            <li key={point.title}>
              <h3>{point.title}</h3>
              <p>{point.text}</p>
            </li>
          ))}
        </ul>
        <div className="why__actions">
          <Link className="button button--primary" to={paths.branches}>
            {es.landing.whyCta}
          </Link>
          {offersPlans && (
            <a className="button" href={`#${PLANS_SECTION_ID}`}>
              {es.landing.heroCta}
            </a>
          )}
        </div>
      </section>
      {offersPlans && <PlansSection />}
    </>
  );
}
