import { ContactForm } from '../../features/contact/components/contact-form';
import { usePageTitle } from '../../lib/use-page-title';
import { es } from '../../i18n/es';

/** /contactanos. */
export function ContactRoute() {
  usePageTitle(es.titles.contact);
  return <ContactForm />;
}
