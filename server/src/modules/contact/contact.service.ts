import { trusted, Types } from 'mongoose';
import { normalizeEmail, type ContactMessageDto } from '@pulso/shared';
import type { Logger } from 'pino';
import { NEWEST_FIRST } from '../../lib/db';
import { claimLease, type Lease } from '../../lib/jobs';
import { contactSenders } from '../../lib/owned-lists';
import type { Mail, Mailer } from '../../lib/mailer';
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

export interface DeliveryOptions {
  /** How long one process holds a message it is sending (JOBS_LEASE_MS). */
  leaseMs: number;
}

const DEFAULT_DELIVERY: DeliveryOptions = { leaseMs: 2 * 60_000 };

/**
 * Sends one stored message, once: the message is claimed first (lib/jobs.ts), so of the processes
 * that try it at the same moment (the submit and a retry, or the retries of several servers) only
 * one sends it. A failure leaves it pending with the error, for a later retry. Never rejects: it
 * runs after the answer was sent, possibly with the database gone.
 */
async function deliver(
  id: Types.ObjectId,
  mailer: Mailer,
  to: string,
  logger: Pick<Logger, 'warn'>,
  options: DeliveryOptions,
): Promise<boolean> {
  let lease: Lease | null = null;
  try {
    lease = await claimLease(`contact:${id.toString()}`, { leaseMs: options.leaseMs });
    if (!lease) return false;
    // Read after claiming: a process that sent it and died before marking its lease left it sent.
    const doc = await ContactModel.findById(id).lean<ContactDoc>();
    if (!doc || doc.status !== 'pending') {
      await lease.finish();
      return false;
    }
    try {
      await mailer.send(contactMail(doc, to));
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      await ContactModel.updateOne({ _id: id }, { $set: { lastError: reason.slice(0, 500) }, $inc: { attempts: 1 } });
      logger.warn({ contactId: id.toString(), err: reason }, 'contact e-mail not sent; kept for retry');
      await lease.release();
      return false;
    }
    await ContactModel.updateOne(
      { _id: id },
      { $set: { status: 'sent', sentAt: new Date(), lastError: '' }, $inc: { attempts: 1 } },
    );
    await lease.finish();
    return true;
  } catch (error) {
    // The database failed: a lease left running expires and a later retry takes the message again.
    logger.warn({ contactId: id.toString(), err: error }, 'contact delivery interrupted; kept for retry');
    return false;
  }
}

function contactMail(doc: ContactDoc, to: string): Mail {
  return {
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
  };
}

/** Stores the message (the visitor's success depends only on this), then tries to send it. */
export async function submitContact(
  input: ContactInput,
  mailer: Mailer,
  to: string,
  logger: Pick<Logger, 'warn'>,
  options: DeliveryOptions = DEFAULT_DELIVERY,
): Promise<{ id: string; delivery: Promise<boolean> }> {
  // Listed under its address first: the sender's data export finds it by a point read.
  const _id = new Types.ObjectId();
  await contactSenders.add(normalizeEmail(input.email), _id.toString());
  const doc = (await ContactModel.create({ ...input, _id })).toObject<ContactDoc>();
  return { id: doc._id.toString(), delivery: deliver(doc._id, mailer, to, logger, options) };
}

/**
 * Retries pending messages (the `contact-retry` job, src/jobs.ts); returns how many this call sent.
 * Each message is sent once however many processes retry at the same moment.
 */
export async function retryPending(
  mailer: Mailer,
  to: string,
  logger: Pick<Logger, 'warn'>,
  options: DeliveryOptions = DEFAULT_DELIVERY,
): Promise<number> {
  const pending = await ContactModel.find({ status: 'pending', attempts: trusted({ $lt: MAX_ATTEMPTS }) })
    .sort({ createdAt: 1 })
    .limit(50)
    .select({ _id: 1 })
    .lean<Pick<ContactDoc, '_id'>[]>();
  let sent = 0;
  for (const { _id } of pending) if (await deliver(_id, mailer, to, logger, options)) sent += 1;
  return sent;
}

export async function listMessages(limit = 200): Promise<ContactMessageDto[]> {
  const docs = await ContactModel.find().sort(NEWEST_FIRST).limit(limit).lean<ContactDoc[]>();
  return docs.map(toDto);
}

/** The messages sent from `email` (any case), oldest first: point reads through their list. */
export async function messagesFrom(email: string): Promise<ContactDoc[]> {
  const ids = await contactSenders.ids(normalizeEmail(email));
  const docs = await Promise.all(ids.map((id) => ContactModel.findById(new Types.ObjectId(id)).lean<ContactDoc>()));
  return docs.filter((d): d is ContactDoc => d !== null).sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
}

/**
 * Deletes the messages sent from `email` (their sender erased their account): point reads and
 * deletes through their list, then the list. Returns how many were deleted.
 */
export async function eraseMessagesFrom(email: string): Promise<number> {
  const key = normalizeEmail(email);
  let deleted = 0;
  for (const id of await contactSenders.ids(key)) {
    deleted += (await ContactModel.deleteOne({ _id: new Types.ObjectId(id) })).deletedCount;
  }
  await contactSenders.drop(key);
  return deleted;
}

/** Lists every message under its address (migration 007: messages written before the lists). */
export async function listContactSenders(): Promise<number> {
  let count = 0;
  for await (const doc of ContactModel.find({}).select('email').lean().cursor()) {
    await contactSenders.add(normalizeEmail(doc.email), doc._id.toString());
    count += 1;
  }
  return count;
}
