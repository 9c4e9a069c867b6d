import { trusted } from 'mongoose';
import type { ContactMessageDto } from '@pulso/shared';
import type { Logger } from 'pino';
import type { Mailer } from '../../lib/mailer';
import { ContactModel, type ContactDoc } from './contact.model';

export interface ContactInput {
  name: string;
  subject: string;
  email: string;
  company: string;
  message: string;
}

const MAX_ATTEMPTS = 10;

function toDto(doc: ContactDoc): ContactMessageDto {
  return {
    id: doc._id.toString(),
    name: doc.name,
    subject: doc.subject,
    email: doc.email,
    company: doc.company ?? '',
    message: doc.message ?? '',
    status: doc.status as 'pending' | 'sent',
    attempts: doc.attempts ?? 0,
    createdAt: doc.createdAt.toISOString(),
    sentAt: doc.sentAt ? doc.sentAt.toISOString() : null,
  };
}

/** Sends one stored message; a failure leaves it pending with the error, for a later retry. */
async function deliver(doc: ContactDoc, mailer: Mailer, to: string, logger: Pick<Logger, 'warn'>): Promise<boolean> {
  try {
    await mailer.send({
      to,
      replyTo: doc.email,
      subject: `[Contacto] ${doc.subject}`,
      text: [
        `Nombre: ${doc.name}`,
        `Email: ${doc.email}`,
        `Empresa: ${doc.company || '-'}`,
        `Asunto: ${doc.subject}`,
        '',
        doc.message || '(sin mensaje)',
      ].join('\n'),
    });
    await ContactModel.updateOne(
      { _id: doc._id },
      { $set: { status: 'sent', sentAt: new Date(), lastError: '' }, $inc: { attempts: 1 } },
    );
    return true;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    // Delivery runs after the answer was sent: it must never reject, even with the database gone.
    await ContactModel.updateOne(
      { _id: doc._id },
      { $set: { lastError: reason.slice(0, 500) }, $inc: { attempts: 1 } },
    ).catch(() => undefined);
    logger.warn({ contactId: doc._id.toString(), err: reason }, 'contact e-mail not sent; kept for retry');
    return false;
  }
}

/** Stores the message (the visitor's success depends only on this), then tries to send it. */
export async function submitContact(
  input: ContactInput,
  mailer: Mailer,
  to: string,
  logger: Pick<Logger, 'warn'>,
): Promise<{ id: string; delivery: Promise<boolean> }> {
  const doc = (await ContactModel.create(input)).toObject<ContactDoc>();
  return { id: doc._id.toString(), delivery: deliver(doc, mailer, to, logger) };
}

/** Retries every pending message (called periodically by the server). */
export async function retryPending(mailer: Mailer, to: string, logger: Pick<Logger, 'warn'>): Promise<number> {
  const pending = await ContactModel.find({ status: 'pending', attempts: trusted({ $lt: MAX_ATTEMPTS }) })
    .sort({ createdAt: 1 })
    .limit(50)
    .lean<ContactDoc[]>();
  let sent = 0;
  for (const doc of pending) if (await deliver(doc, mailer, to, logger)) sent += 1;
  return sent;
}

export async function listMessages(limit = 200): Promise<ContactMessageDto[]> {
  const docs = await ContactModel.find().sort({ createdAt: -1 }).limit(limit).lean<ContactDoc[]>();
  return docs.map(toDto);
}
