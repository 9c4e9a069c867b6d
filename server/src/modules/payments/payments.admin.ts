import type { Response } from 'express';
import { trusted, Types } from 'mongoose';
import {
  CSV_BOM,
  MESSAGES,
  paymentCsvLine,
  PAYMENTS_CSV_HEADER,
  type AdminPaymentDto,
  type DirectoryRow,
  type PaymentQuery,
} from '@pulso/shared';
import { gymDate, gymDaysRange } from '../../lib/gym-time';
import { findUserContact, getUser } from '../users/users.service';
import { userDirectory } from '../users/user-directory';
import { toPaymentDto } from './payments.mapper';
import { PaymentModel, type PaymentDoc } from './payments.model';

/**
 * The admin's payments list (issue 24, item 2): filtered by the gym's dates (paid, or made when it
 * never was), plan, the member's home sede, method and state, newest first, paged or as CSV. An
 * administrator's list: on MongoDB its indexes serve it; the embedded engine reads the collection
 * (query-shapes.ts). Members are named from the users directory (read once into the read cache);
 * an account no longer in it (suspended, erased) by a point read.
 */

/** The database filter of a query; null when it can match nothing (a sede nobody has). */
async function filterOf(query: PaymentQuery, timeZone: string): Promise<Record<string, unknown> | null> {
  const filter: Record<string, unknown> = {};
  if (query.status) filter.status = query.status;
  if (query.method) filter.provider = query.method;
  if (query.plan) filter.plan = new Types.ObjectId(query.plan);
  const range = gymDaysRange(query, timeZone);
  if (Object.keys(range).length) {
    // A payment's moment: when it was paid, or when it was made if it never was.
    filter.$or = [{ paidAt: trusted(range) }, { paidAt: null, createdAt: trusted({ ...range }) }];
  }
  if (query.branch) {
    const members = (await userDirectory())
      .filter((row) => (query.branch === 'none' ? !row.homeBranch : row.homeBranch?.id === query.branch))
      .map((row) => new Types.ObjectId(row.id));
    if (members.length === 0) return null;
    filter.user = trusted({ $in: members });
  }
  return filter;
}

/** The members the payments name, by id: from the directory, or a point read for an account not in it. */
async function membersOf(
  docs: readonly PaymentDoc[],
): Promise<Map<string, Pick<DirectoryRow, 'fullName' | 'email' | 'homeBranch'>>> {
  const directory = new Map((await userDirectory()).map((row) => [row.id, row]));
  const found = new Map<string, Pick<DirectoryRow, 'fullName' | 'email' | 'homeBranch'>>();
  for (const id of new Set(docs.map((d) => d.user.toString()))) {
    const row = directory.get(id);
    if (row) {
      found.set(id, row);
      continue;
    }
    const contact = await findUserContact(new Types.ObjectId(id));
    found.set(id, {
      fullName: contact?.fullName ?? MESSAGES.receipts.anonymous,
      email: contact?.email ?? '',
      homeBranch: null,
    });
  }
  return found;
}

export function toAdminPaymentDto(
  doc: PaymentDoc,
  member: Pick<DirectoryRow, 'fullName' | 'email' | 'homeBranch'> | undefined,
): AdminPaymentDto {
  return {
    ...toPaymentDto(doc),
    memberName: member?.fullName ?? MESSAGES.receipts.anonymous,
    memberEmail: member?.email ?? '',
    homeBranch: member?.homeBranch ?? null,
    refundedAt: doc.refundedAt ? doc.refundedAt.toISOString() : null,
    refundReason: doc.refundReason ?? '',
    refundable: doc.status === 'paid',
  };
}

/** One payment as the admin's list shows it (its member by point reads). */
export async function adminPayment(doc: PaymentDoc): Promise<AdminPaymentDto> {
  const member = await getUser(doc.user.toString()).catch(() => null);
  return toAdminPaymentDto(
    doc,
    member ? { fullName: member.fullName, email: member.email, homeBranch: member.homeBranch } : undefined,
  );
}

/** A page of the list, newest first, and how many match. */
export async function listAdminPayments(
  query: PaymentQuery,
  { page, limit }: { page: number; limit: number },
  timeZone: string,
): Promise<{ items: AdminPaymentDto[]; total: number }> {
  const filter = await filterOf(query, timeZone);
  if (!filter) return { items: [], total: 0 };
  const [docs, total] = await Promise.all([
    PaymentModel.find(filter)
      .sort({ createdAt: -1, _id: -1 })
      .skip((page - 1) * limit)
      .limit(limit)
      .lean<PaymentDoc[]>(),
    PaymentModel.countDocuments(filter),
  ]);
  const members = await membersOf(docs);
  return { items: docs.map((doc) => toAdminPaymentDto(doc, members.get(doc.user.toString()))), total };
}

/**
 * The same list as CSV (UTF-8 with its BOM, `;`-separated, the gym's dates), written a chunk at a
 * time as the client takes them.
 */
export async function writePaymentsCsv(res: Response, query: PaymentQuery, timeZone: string, now: Date): Promise<void> {
  const filter = await filterOf(query, timeZone);
  res.setHeader('Content-Type', 'text/csv; charset=utf-8');
  res.setHeader(
    'Content-Disposition',
    `attachment; filename="${MESSAGES.payments.csv.filename(gymDate(now, timeZone))}"`,
  );
  res.setHeader('Cache-Control', 'no-store');
  res.write(`${CSV_BOM}${PAYMENTS_CSV_HEADER}\r\n`);
  if (filter) {
    const dayOf = (iso: string) => gymDate(new Date(iso), timeZone);
    const docs = await PaymentModel.find(filter).sort({ createdAt: -1, _id: -1 }).lean<PaymentDoc[]>();
    const members = await membersOf(docs);
    const CHUNK = 500;
    for (let i = 0; i < docs.length; i += CHUNK) {
      const lines = docs.slice(i, i + CHUNK).map((doc) => {
        const dto = toAdminPaymentDto(doc, members.get(doc.user.toString()));
        return paymentCsvLine(
          {
            at: dto.paidAt ?? dto.createdAt,
            memberName: dto.memberName,
            memberEmail: dto.memberEmail,
            planName: dto.planName,
            homeBranch: dto.homeBranch?.name ?? null,
            method: dto.provider,
            status: dto.status,
            amount: dto.amount,
            currency: dto.currency,
            receiptNumber: dto.receiptNumber,
            refundedAt: dto.refundedAt,
          },
          dayOf,
        );
      });
      if (res.destroyed) return;
      if (!res.write(`${lines.join('\r\n')}\r\n`)) {
        // The client takes it at its pace; one that went away stops the export.
        await new Promise((resolve) => {
          res.once('drain', resolve);
          res.once('close', resolve);
        });
      }
    }
  }
  res.end();
}
