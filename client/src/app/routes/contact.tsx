import { ContactForm } from '../../features/contact/components/contact-form';

/** /contactanos (SPEC §2.6). */
export function ContactRoute() {
  return <ContactForm />;
}
