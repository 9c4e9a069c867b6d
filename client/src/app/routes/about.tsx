import { AboutPage } from '../../features/about/components/about-page';

/** /nosotros (SPEC §2.7). */
export function AboutRoute() {
  return <AboutPage />;
}
