import { api } from '../../../lib/api-client';

/** The spec's e-mail service fields (SPEC §7). */
export interface ContactMessageBody {
  user_name: string;
  subject: string;
  user_email: string;
  company: string;
  message: string;
}

export async function sendContactMessage(body: ContactMessageBody): Promise<void> {
  await api.post('/contact', body);
}
