import * as z from 'zod';
import { MESSAGES } from '../validation/messages';
import { field, toText, wire } from './core';
import { isEmail } from './users';

const m = MESSAGES.contactForm;
const LINE_BREAK = /[\r\n\u2028\u2029]/;

const oneLine = (value: unknown) => typeof value !== 'string' || !LINE_BREAK.test(value);

/**
 * The spec's e-mail service fields (user_name, subject, user_email, company, message): name,
 * subject and a valid e-mail are required; company and message are optional; single-line fields
 * refuse line breaks; a message has at most 5000 characters.
 */
export const contactForm = z.object({
  user_name: field(
    wire.text(),
    z
      .unknown()
      .refine((v) => toText(v) !== '', { error: m.nameRequired })
      .refine(oneLine, { error: m.noLineBreaks }),
  ),
  subject: field(
    wire.text(),
    z
      .unknown()
      .refine((v) => toText(v) !== '', { error: m.subjectRequired })
      .refine(oneLine, { error: m.noLineBreaks }),
  ),
  user_email: field(
    wire.text(),
    z
      .unknown()
      .refine((v) => toText(v) !== '', { error: m.emailRequired })
      .refine((v) => isEmail(emailForm(v)), { error: m.emailFormat })
      .refine(oneLine, { error: m.noLineBreaks }),
  ),
  company: field(wire.text(), z.unknown().refine(oneLine, { error: m.noLineBreaks })),
  message: field(
    wire.text(),
    z.unknown().refine((v) => typeof v !== 'string' || v.length <= 5000, { error: m.messageTooLong }),
  ),
});

const emailForm = (v: unknown) =>
  toText(v)
    .normalize('NFKC')
    .replace(/\p{Cf}/gu, '');

/** A message sent through the contact form, as admins see it. */
export const contactMessage = z.object({
  id: z.string(),
  name: z.string(),
  subject: z.string(),
  email: z.string(),
  company: z.string(),
  message: z.string(),
  /** 'sent' once the e-mail left; 'pending' while it is being retried. */
  status: z.enum(['pending', 'sent']),
  attempts: z.number(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
z.globalRegistry.add(contactMessage, { id: 'ContactMessage' });

/** A contact message stored (and e-mailed, or queued for it). */
export const contactSent = z.object({ message: z.string(), id: z.string() });

export type ContactMessageDto = z.infer<typeof contactMessage>;
