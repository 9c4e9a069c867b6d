import { create } from 'zustand';
import { ERROR_CODES, MESSAGES } from '@pulso/shared';
import type { ApiFailure } from '../../lib/api-client';
import { createMutator, type Outcome } from '../../lib/mutation';
import { sendContactMessage, type ContactMessageBody } from './api/contact';

interface ContactState {
  /** A message is on its way. */
  busy: boolean;
  send: (body: ContactMessageBody) => Promise<Outcome>;
}

/** 'Intentelo nuevamente', or the server's own message when it refuses for too many messages. */
function failed(failure: ApiFailure): string {
  const rateLimited = failure.status === 429 || failure.code === ERROR_CODES.RATE_LIMITED;
  if (!rateLimited) return MESSAGES.contactForm.failed;
  return failure.code ? failure.message : MESSAGES.api.rateLimited;
}

/** Sends the contact form: 'Mensaje enviado correctamente' or 'Intentelo nuevamente'. */
export const useContactStore = create<ContactState>()((set) => {
  const mutate = createMutator<ContactState, boolean>(set, false);
  return {
    busy: false,
    send: (body) =>
      mutate(
        true,
        async () => {
          await sendContactMessage(body);
          return MESSAGES.contactForm.sent;
        },
        failed,
      ),
  };
});
