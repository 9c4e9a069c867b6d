import { MESSAGES, validateContactForm, type FieldErrors } from '@pulso/shared';
import { validateBody } from '../../lib/validate';

const LINE_BREAK = /[\r\n\u2028\u2029]/;

/**
 * The spec's e-mail service fields (user_name, subject, user_email, company, message), checked with
 * the shared contact rules; single-line fields refuse line breaks, which could inject mail headers.
 */
export const contactValidator = validateBody(
  { user_name: 'string', subject: 'string', user_email: 'string', company: 'string', message: 'string' },
  (input): FieldErrors => {
    const rules = validateContactForm({ name: input.user_name, subject: input.subject, email: input.user_email });
    const errors: FieldErrors = {};
    if (rules.name) errors.user_name = rules.name;
    if (rules.subject) errors.subject = rules.subject;
    if (rules.email) errors.user_email = rules.email;
    for (const field of ['user_name', 'subject', 'user_email', 'company']) {
      const value = input[field];
      if (!errors[field] && typeof value === 'string' && LINE_BREAK.test(value))
        errors[field] = MESSAGES.contactForm.noLineBreaks;
    }
    if (typeof input.message === 'string' && input.message.length > 5000)
      errors.message = MESSAGES.contactForm.messageTooLong;
    return errors;
  },
);
