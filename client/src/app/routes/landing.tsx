import { Link } from 'react-router-dom';
import { paths, PLANS_SECTION_ID } from '../../config/paths';
import { useAuthStore } from '../../features/auth/store';
import { PlansSection } from '../../features/plans/components/plans-section';
import { es } from '../../i18n/es';

/** Home (SPEC §2.3); the plans section is hidden for members with an active membership. */
export function LandingRoute() {
  const isActive = useAuthStore((s) => s.isActive);
  return (
    <>
      <section className="hero">
        <div className="hero__content">
          <h1 className="hero__title">{es.landing.heroTitle}</h1>
          <p className="hero__text">{es.landing.heroText}</p>
          {!isActive && (
            <a className="button button--primary" href={`#${PLANS_SECTION_ID}`}>
              {es.landing.heroCta}
            </a>
          )}
        </div>
      </section>
      <section className="section why" aria-labelledby="why-title">
        <h2 id="why-title" className="section__title">
          {es.landing.whyTitle}
        </h2>
        <p className="section__subtitle">{es.landing.whyText}</p>
        <Link className="button" to={paths.branches}>
          {es.landing.whyCta}
        </Link>
      </section>
      {!isActive && <PlansSection />}
    </>
  );
}
