import { MESSAGES } from '../validation/messages';

/**
 * A numbered receipt as it was issued (issue 23, item 6): the record the chain keeps of a payment,
 * fixed when the number is given (the gym's data and the member's as they were then). The server
 * renders it as a PDF for 'Mis pagos', the admin and the receipt e-mail; the mock renders the same
 * with the same code (receipts/pdf.ts).
 */
export interface ReceiptData {
  /** The chain's sequence: 1, 2, 3… with no gaps. */
  number: number;
  issuedAt: Date;
  issuer: {
    name: string;
    taxId: string;
    address: string;
    /** Percent included in the amount; 0: none shown. */ taxRate: number;
  };
  /** Who paid (after an account is erased: 'Socio anónimo' and no address). */
  buyer: { name: string; email: string };
  planName: string;
  /** The days paid for. */
  period: { start: Date; end: Date } | null;
  amount: number;
  currency: string;
  method: 'stripe' | 'demo' | 'manual';
  /** The provider's reference of the payment. */
  reference: string;
  /** What the purchase did to a running membership (the words of /pagos/{id}), if anything. */
  note: string | null;
}

/** The demo chain's made-up tax id and address (the server outside production, the mock). */
export const DEMO_ISSUER = { taxId: 'B00000000', address: 'Calle Mayor 1, 28013 Madrid' } as const;

/** '000123': how a receipt number is written everywhere. */
export function formatReceiptNumber(number: number): string {
  return String(number).padStart(6, '0');
}

/** The file a receipt downloads as. */
export function receiptFileName(number: number): string {
  return `recibo-${formatReceiptNumber(number)}.pdf`;
}

/** A receipt's date: '16/02/2027' (the day of its instant in UTC; the e-mails' `mailDate` too). */
export function receiptDate(date: Date): string {
  return date.toLocaleDateString('es', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' });
}

/** '1234,50 USD'. */
export function receiptAmount(amount: number, currency: string): string {
  const text = new Intl.NumberFormat('es', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount);
  return `${text} ${currency.toUpperCase()}`;
}

/** The base and the tax inside a tax-included amount, to the cent (they add up to the amount). */
export function taxSplit(amount: number, ratePercent: number): { base: number; tax: number } {
  const cents = Math.round(amount * 100);
  const base = Math.round(cents / (1 + ratePercent / 100));
  return { base: base / 100, tax: (cents - base) / 100 };
}

export interface ReceiptLine {
  label: string;
  value: string;
}

/** The receipt's text, the PDF's and any other rendering's: the header, the rows and the totals. */
export function receiptContent(data: ReceiptData): {
  title: string;
  issuer: string[];
  rows: ReceiptLine[];
  totals: ReceiptLine[];
  footer: string[];
} {
  const m = MESSAGES.receipts;
  const { issuer } = data;
  const rows: ReceiptLine[] = [
    { label: m.number, value: formatReceiptNumber(data.number) },
    { label: m.issuedAt, value: receiptDate(data.issuedAt) },
    { label: m.member, value: data.buyer.name },
    ...(data.buyer.email ? [{ label: m.email, value: data.buyer.email }] : []),
    { label: m.concept, value: m.membershipOf(data.planName) },
    ...(data.period
      ? [{ label: m.period, value: m.periodText(receiptDate(data.period.start), receiptDate(data.period.end)) }]
      : []),
    { label: m.method, value: m.methods[data.method] },
    { label: m.reference, value: data.reference },
  ];
  const totals: ReceiptLine[] = [];
  if (issuer.taxRate > 0) {
    const { base, tax } = taxSplit(data.amount, issuer.taxRate);
    const rate = new Intl.NumberFormat('es', { maximumFractionDigits: 2 }).format(issuer.taxRate);
    totals.push(
      { label: m.taxBase, value: receiptAmount(base, data.currency) },
      { label: m.tax(rate), value: receiptAmount(tax, data.currency) },
    );
  }
  totals.push({ label: m.total, value: receiptAmount(data.amount, data.currency) });
  return {
    title: `${m.title} ${formatReceiptNumber(data.number)}`,
    issuer: [
      issuer.name,
      ...(issuer.taxId ? [`${m.taxId}: ${issuer.taxId}`] : []),
      ...(issuer.address ? [issuer.address] : []),
    ],
    rows,
    totals,
    footer: [...(data.note ? [data.note] : []), ...(issuer.taxRate > 0 ? [m.taxIncluded] : []), m.thanks],
  };
}
