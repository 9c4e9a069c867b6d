import { isObjectId } from '../validation/rules';
import { isDate } from '../sessions';
import { csvField, CSV_SEPARATOR } from '../users';
import { MESSAGES } from '../validation/messages';

/**
 * The admin's payments list (issue 24, item 2): filtered by period, plan, home sede, method and
 * state, paged, exported as CSV, refunded. One rule for the server (GET /api/payments and its CSV)
 * and the mock.
 */

export const PAYMENT_METHODS = ['stripe', 'demo', 'manual'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_STATUSES = ['pending', 'paid', 'cancelled', 'refunded'] as const;
export type PaymentListStatus = (typeof PAYMENT_STATUSES)[number];

/** What the list is asked for; '' leaves a filter off. `from`/`to`: the gym's dates of the payment (paid, or made), both included. */
export interface PaymentQuery {
  from: string;
  to: string;
  plan: string;
  /** The member's home sede, or 'none'. */
  branch: string;
  method: PaymentMethod | '';
  status: PaymentListStatus | '';
}

export const DEFAULT_PAYMENT_QUERY: PaymentQuery = { from: '', to: '', plan: '', branch: '', method: '', status: '' };

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** The query string's filters, or the first one that is not valid (its name). */
export function parsePaymentQuery(raw: Record<string, unknown>): { query: PaymentQuery } | { invalid: string } {
  const from = text(raw.from);
  if (from && !isDate(from)) return { invalid: 'from' };
  const to = text(raw.to);
  if (to && !isDate(to)) return { invalid: 'to' };
  if (from && to && to < from) return { invalid: 'to' };
  const plan = text(raw.plan);
  if (plan && !isObjectId(plan)) return { invalid: 'plan' };
  const branch = text(raw.branch);
  if (branch && branch !== 'none' && !isObjectId(branch)) return { invalid: 'branch' };
  const method = text(raw.method);
  if (method && !(PAYMENT_METHODS as readonly string[]).includes(method)) return { invalid: 'method' };
  const status = text(raw.status);
  if (status && !(PAYMENT_STATUSES as readonly string[]).includes(status)) return { invalid: 'status' };
  return {
    query: {
      from,
      to,
      plan,
      branch,
      method: method as PaymentQuery['method'],
      status: status as PaymentQuery['status'],
    },
  };
}

/** The query as a query string's values (only those set). */
export function paymentQueryParams(query: PaymentQuery): Record<string, string> {
  return Object.fromEntries(Object.entries(query).filter(([, value]) => value !== ''));
}

/** A payment as the list shows it and the CSV writes it. */
export interface PaymentRow {
  /** When it was paid, or made when it never was (ISO). */
  at: string;
  memberName: string;
  memberEmail: string;
  planName: string;
  homeBranch: string | null;
  method: PaymentMethod;
  status: PaymentListStatus;
  amount: number;
  currency: string;
  receiptNumber: number | null;
  refundedAt: string | null;
}

/** The CSV's first line (Spanish, as Excel shows it). */
export const PAYMENTS_CSV_HEADER = MESSAGES.payments.csv.columns.map(csvField).join(CSV_SEPARATOR);

/** One payment as a line of the CSV; `dayOf` writes a moment's date (the gym's, on the server). Amounts with a decimal comma, as Spanish Excel reads them. */
export function paymentCsvLine(row: PaymentRow, dayOf: (iso: string) => string = (iso) => iso.slice(0, 10)): string {
  return [
    dayOf(row.at),
    row.memberName,
    row.memberEmail,
    row.planName,
    row.homeBranch ?? '',
    MESSAGES.receipts.methods[row.method],
    MESSAGES.receipts.statuses[row.status],
    row.amount.toFixed(2).replace('.', ','),
    row.currency.toUpperCase(),
    row.receiptNumber === null ? '' : String(row.receiptNumber).padStart(6, '0'),
    row.refundedAt ? dayOf(row.refundedAt) : '',
  ]
    .map(csvField)
    .join(CSV_SEPARATOR);
}
