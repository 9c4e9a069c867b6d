import { ContactMessages } from '../../../features/users-admin/components/contact-messages';
import { usePageTitle } from '../../../lib/use-page-title';
import { es } from '../../../i18n/es';

/** /dashboard/mensajes: the contact page's messages. */
export function MessagesRoute() {
  usePageTitle(es.titles.dashboard(es.titles.messages));
  return <ContactMessages />;
}
