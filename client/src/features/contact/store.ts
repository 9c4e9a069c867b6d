import { AxiosError } from 'axios';
import { create } from 'zustand';
import { ERROR_CODES, fieldErrorsOf, isApiErrorBody, MESSAGES, type FieldErrors, type LoadStatus } from '@pulso/shared';
import { sendContactMessage, type ContactMessageBody } from './api/contact';

interface ContactState {
  status: LoadStatus;
  /** What the visitor reads after a failure: 'Intentelo nuevamente', or the server's rate-limit message. */
  error: string | null;
  /** Messages the server gave per field (user_name, subject, user_email, company, message). */
  fieldErrors: FieldErrors;
  send: (body: ContactMessageBody) => Promise<boolean>;
  reset: () => void;
}

/** Sends the contact form (SPEC §2.6): 'Mensaje enviado correctamente' or 'Intentelo nuevamente' (§8). */
export const useContactStore = create<ContactState>()((set) => ({
  status: 'idle',
  error: null,
  fieldErrors: {},
  send: async (body) => {
    set({ status: 'loading', error: null, fieldErrors: {} });
    try {
      await sendContactMessage(body);
      set({ status: 'succeeded' });
      return true;
    } catch (error) {
      const response = error instanceof AxiosError ? error.response : undefined;
      const data: unknown = response?.data;
      const rateLimited = response?.status === 429 || (isApiErrorBody(data) && data.code === ERROR_CODES.RATE_LIMITED);
      const rateMessage = isApiErrorBody(data) ? data.message : MESSAGES.api.rateLimited;
      set({
        status: 'failed',
        error: rateLimited ? rateMessage : MESSAGES.contactForm.failed,
        fieldErrors: isApiErrorBody(data) ? fieldErrorsOf(data) : {},
      });
      return false;
    }
  },
  reset: () => set({ status: 'idle', error: null, fieldErrors: {} }),
}));
