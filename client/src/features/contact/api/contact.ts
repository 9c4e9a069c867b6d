import type { schemas } from '@pulso/shared';
import { api, type Body } from '../../../lib/api-client';

/** The spec's e-mail service fields: user_name, subject, user_email, company, message. */
export type ContactMessageBody = Body<typeof schemas.contactForm>;

export async function sendContactMessage(body: ContactMessageBody): Promise<void> {
  await api.post('/contact', body);
}
