import { PDFDocument, StandardFonts, rgb, type PDFFont } from 'pdf-lib';
import { receiptContent, type ReceiptData } from './index';

/**
 * A receipt as a one-page A4 PDF (pdf-lib, with the standard Helvetica fonts: nothing to load, the
 * same bytes on the server and in the mock). Kept apart from the package's index so that pdf-lib
 * reaches only the code that renders a receipt (`@pulso/shared/receipt-pdf`).
 */

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 56;
const INK = rgb(0.11, 0.11, 0.13);
const MUTED = rgb(0.36, 0.36, 0.4);
const RULE = rgb(0.8, 0.8, 0.83);

/** The text with every character the font cannot write replaced ('?'), so no name fails a receipt. */
function writable(font: PDFFont, text: string): string {
  const known = new Set(font.getCharacterSet());
  return [...text.normalize('NFC').replace(/[\r\n\t]+/g, ' ')]
    .map((ch) => (known.has(ch.codePointAt(0) ?? 0) ? ch : '?'))
    .join('');
}

/** `text` broken into lines no wider than `width`. */
function wrap(font: PDFFont, size: number, text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    const next = line ? `${line} ${word}` : word;
    if (line && font.widthOfTextAtSize(next, size) > width) {
      lines.push(line);
      line = word;
    } else {
      line = next;
    }
  }
  if (line) lines.push(line);
  return lines;
}

export async function renderReceiptPdf(data: ReceiptData): Promise<Uint8Array> {
  const content = receiptContent(data);
  const doc = await PDFDocument.create();
  doc.setTitle(content.title);
  doc.setAuthor(data.issuer.name);
  doc.setCreator(data.issuer.name);
  doc.setProducer('Pulso');
  doc.setLanguage('es');
  doc.setCreationDate(data.issuedAt);
  doc.setModificationDate(data.issuedAt);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const page = doc.addPage(A4);
  const [pageWidth, pageHeight] = A4;
  const width = pageWidth - 2 * MARGIN;
  let y = pageHeight - MARGIN;

  const text = (value: string, options: { font?: PDFFont; size?: number; x?: number; color?: typeof INK } = {}) => {
    const font = options.font ?? regular;
    const size = options.size ?? 11;
    page.drawText(writable(font, value), { x: options.x ?? MARGIN, y, size, font, color: options.color ?? INK });
  };
  const rightAligned = (value: string, font: PDFFont, size: number) => {
    const safe = writable(font, value);
    page.drawText(safe, { x: pageWidth - MARGIN - font.widthOfTextAtSize(safe, size), y, size, font, color: INK });
  };
  const rule = () => {
    page.drawLine({ start: { x: MARGIN, y }, end: { x: pageWidth - MARGIN, y }, thickness: 0.75, color: RULE });
  };

  const [name, ...issuerLines] = content.issuer;
  text(name ?? '', { font: bold, size: 18 });
  rightAligned(content.title, bold, 14);
  y -= 20;
  for (const line of issuerLines) {
    text(line, { size: 10, color: MUTED });
    y -= 14;
  }
  y -= 14;
  rule();
  y -= 26;

  const labelWidth = 150;
  for (const row of content.rows) {
    text(row.label, { size: 10, color: MUTED });
    const lines = wrap(regular, 11, writable(regular, row.value), width - labelWidth);
    for (const [i, line] of lines.entries()) {
      if (i > 0) y -= 15;
      text(line, { x: MARGIN + labelWidth });
    }
    y -= 22;
  }
  y -= 4;
  rule();
  y -= 24;
  for (const [i, row] of content.totals.entries()) {
    const last = i === content.totals.length - 1;
    text(row.label, { font: last ? bold : regular, size: last ? 13 : 11 });
    rightAligned(row.value, last ? bold : regular, last ? 13 : 11);
    y -= last ? 30 : 20;
  }
  for (const paragraph of content.footer) {
    for (const line of wrap(regular, 10, writable(regular, paragraph), width)) {
      text(line, { size: 10, color: MUTED });
      y -= 14;
    }
    y -= 6;
  }
  return doc.save();
}
