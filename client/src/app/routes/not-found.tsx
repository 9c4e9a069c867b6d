import { Link } from 'react-router-dom';
import { paths } from '../../config/paths';
import { es } from '../../i18n/es';
import { usePageTitle } from '../../lib/use-page-title';

export function NotFoundRoute() {
  usePageTitle(es.titles.notFound);
  return (
    <section className="section message-page">
      <h1>{es.common.notFoundTitle}</h1>
      <p>{es.common.notFoundText}</p>
      <Link className="button button--primary" to={paths.home}>
        {es.common.goHome}
      </Link>
    </section>
  );
}
