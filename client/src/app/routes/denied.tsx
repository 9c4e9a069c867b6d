import { Link } from 'react-router-dom';
import { paths } from '../../config/paths';
import { es } from '../../i18n/es';
import { usePageTitle } from '../../lib/use-page-title';

/** /denegado: the spec's empty placeholder, made a page that says why and where to go. */
export function DeniedRoute() {
  usePageTitle(es.titles.denied);
  const t = es.site.denied;
  return (
    <section className="section message-page" aria-labelledby="denied-title">
      <h1 id="denied-title">{t.title}</h1>
      <p>{t.text}</p>
      <p className="denied__actions">
        <Link className="button button--primary" to={paths.home}>
          {t.home}
        </Link>{' '}
        <Link className="button" to={paths.login}>
          {t.login}
        </Link>
      </p>
    </section>
  );
}
