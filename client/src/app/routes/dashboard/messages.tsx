import { ContactMessages } from '../../../features/users-admin/components/contact-messages';

/** /dashboard/mensajes: the contact page's messages. */
export function MessagesRoute() {
  return <ContactMessages />;
}
