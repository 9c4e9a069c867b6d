import { AboutPage } from '../../features/about/components/about-page';
import { usePageTitle } from '../../lib/use-page-title';
import { es } from '../../i18n/es';

/** /nosotros. */
export function AboutRoute() {
  usePageTitle(es.titles.about);
  return <AboutPage />;
}
