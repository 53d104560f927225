import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';
import { formatEuros, formatFrenchDate } from './format.js';
import type { Invoice } from './invoice.js';
import { sanitizeFor } from './winansi.js';

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 50;
const RIGHT = A4.width - MARGIN;
const GREY = rgb(0.35, 0.35, 0.35);
const LINE = rgb(0.75, 0.75, 0.75);
/** Table columns: designation on the left, the figures right-aligned on these edges. */
const COLUMNS = { designation: MARGIN, designationWidth: 250, quantity: 365, unitPrice: 455, total: RIGHT };

export const WITHDRAWAL_MENTION =
  'Droit de rétractation : vous disposez d’un délai de 14 jours à compter de la réception de votre commande pour vous ' +
  'rétracter, sans avoir à vous justifier (articles L221-18 et suivants du Code de la consommation), avec le bouton ' +
  '« Se rétracter du contrat ici » de notre site ou de l’e-mail de confirmation. Les frais de retour sont à votre charge ; ' +
  'le produit doit être retourné dans son état d’origine. Le remboursement intervient dans les 14 jours suivant la rétractation.';

type Fonts = { regular: PDFFont; bold: PDFFont; clean: (text: string) => string };
type TextOptions = { size?: number; bold?: boolean; color?: ReturnType<typeof rgb> };

/** Draws top to bottom, opening a new page when the next block does not fit. */
function createCursor(doc: PDFDocument, fonts: Fonts) {
  let page: PDFPage = doc.addPage([A4.width, A4.height]);
  let y = A4.height - MARGIN;
  const fontOf = (options: TextOptions) => (options.bold ? fonts.bold : fonts.regular);
  const cursor = {
    get y() {
      return y;
    },
    down(points: number) {
      y -= points;
    },
    ensure(points: number) {
      if (y - points >= MARGIN + 30) return;
      page = doc.addPage([A4.width, A4.height]);
      y = A4.height - MARGIN;
    },
    width: (text: string, options: TextOptions = {}) => fontOf(options).widthOfTextAtSize(fonts.clean(text), options.size ?? 10),
    text(text: string, x: number, options: TextOptions = {}, atY = y) {
      page.drawText(fonts.clean(text), {
        x,
        y: atY,
        size: options.size ?? 10,
        font: fontOf(options),
        color: options.color ?? rgb(0, 0, 0),
      });
    },
    textRight(text: string, right: number, options: TextOptions = {}, atY = y) {
      cursor.text(text, right - cursor.width(text, options), options, atY);
    },
    /** A rule halfway between the row above and the next one. */
    rule() {
      page.drawLine({ start: { x: MARGIN, y: y + 6 }, end: { x: RIGHT, y: y + 6 }, thickness: 0.5, color: LINE });
      y -= 6;
    },
    /** Splits a paragraph into lines that fit `width` at the given size. */
    wrap(text: string, width: number, options: TextOptions = {}): string[] {
      const lines: string[] = [];
      let current = '';
      for (const word of fonts.clean(text).split(' ')) {
        const candidate = current ? `${current} ${word}` : word;
        if (current && cursor.width(candidate, options) > width) {
          lines.push(current);
          current = word;
        } else current = candidate;
      }
      if (current) lines.push(current);
      return lines;
    },
    paragraph(text: string, x: number, width: number, options: TextOptions = {}) {
      const size = options.size ?? 10;
      for (const line of cursor.wrap(text, width, options)) {
        cursor.ensure(size + 3);
        cursor.text(line, x, options);
        y -= size + 3;
      }
    },
  };
  return cursor;
}

type Cursor = ReturnType<typeof createCursor>;

function drawHeader(cursor: Cursor, invoice: Invoice): void {
  cursor.text(`Facture n° ${invoice.number}`, MARGIN, { size: 18, bold: true });
  cursor.textRight(invoice.seller.name, RIGHT, { size: 12, bold: true });
  cursor.down(22);
  cursor.text(`Date d’émission : ${formatFrenchDate(invoice.issuedAt)}`, MARGIN);
  cursor.down(14);
  cursor.text(`Commande n° ${invoice.orderNumber}`, MARGIN);
  cursor.down(30);
}

/** Seller on the left, buyer on the right, side by side. */
function drawParties(cursor: Cursor, invoice: Invoice): void {
  const { seller, buyer } = invoice;
  const sellerLines = [
    seller.address,
    `SIREN : ${seller.siren}`,
    `SIRET : ${seller.siret}`,
    `N° TVA intracommunautaire : ${seller.vatNumber}`,
    seller.rcs,
    seller.email,
  ];
  const buyerLines = [buyer.name, ...buyer.addressLines, buyer.email];
  const top = cursor.y;
  cursor.text('Vendeur', MARGIN, { bold: true });
  cursor.text('Client', 320, { bold: true });
  let left = top - 14;
  cursor.text(seller.name, MARGIN, {}, left);
  for (const line of sellerLines) {
    for (const wrapped of cursor.wrap(line, 250, { size: 9 })) {
      left -= 12;
      cursor.text(wrapped, MARGIN, { size: 9, color: GREY }, left);
    }
  }
  let right = top;
  for (const line of buyerLines) {
    for (const wrapped of cursor.wrap(line, RIGHT - 320)) {
      right -= 14;
      cursor.text(wrapped, 320, {}, right);
    }
  }
  cursor.down(top - Math.min(left, right) + 26);
}

function drawRow(cursor: Cursor, cells: { designation: string; quantity: string; unitPrice: string; total: string }, bold = false): void {
  const lines = cursor.wrap(cells.designation, COLUMNS.designationWidth, { bold });
  cursor.ensure(lines.length * 13 + 6);
  cursor.textRight(cells.quantity, COLUMNS.quantity, { bold });
  cursor.textRight(cells.unitPrice, COLUMNS.unitPrice, { bold });
  cursor.textRight(cells.total, COLUMNS.total, { bold });
  for (const line of lines) {
    cursor.text(line, COLUMNS.designation, { bold });
    cursor.down(13);
  }
  cursor.down(5);
}

function drawLines(cursor: Cursor, invoice: Invoice): void {
  drawRow(cursor, { designation: 'Désignation', quantity: 'Qté', unitPrice: 'Prix unitaire TTC', total: 'Total TTC' }, true);
  cursor.rule();
  for (const line of invoice.lines) {
    drawRow(cursor, {
      designation: line.designation,
      quantity: String(line.quantity),
      unitPrice: formatEuros(line.unitPriceCents),
      total: formatEuros(line.totalCents),
    });
  }
  const { delivery } = invoice;
  drawRow(cursor, {
    designation: delivery.priceCents === 0 ? `${delivery.label} (offerte)` : delivery.label,
    quantity: '1',
    unitPrice: formatEuros(delivery.priceCents),
    total: formatEuros(delivery.priceCents),
  });
  cursor.rule();
  cursor.down(8);
}

function drawTotals(cursor: Cursor, invoice: Invoice): void {
  cursor.ensure(60);
  const rows: Array<[string, number, boolean]> = [
    ['Total HT', invoice.totalExcludingVatCents, false],
    [`TVA ${invoice.vatRatePercent} %`, invoice.vatCents, false],
    ['Total TTC', invoice.totalCents, true],
  ];
  for (const [label, cents, bold] of rows) {
    cursor.textRight(label, COLUMNS.unitPrice, { bold });
    cursor.textRight(formatEuros(cents), COLUMNS.total, { bold });
    cursor.down(15);
  }
  cursor.down(10);
}

function drawMentions(cursor: Cursor, invoice: Invoice): void {
  const width = RIGHT - MARGIN;
  cursor.paragraph(`Facture acquittée : payée par carte le ${formatFrenchDate(invoice.issuedAt)}.`, MARGIN, width, { bold: true });
  cursor.down(8);
  cursor.ensure(40);
  cursor.text(`Mode de livraison : ${invoice.delivery.label}`, MARGIN, { bold: true });
  cursor.down(14);
  for (const line of invoice.delivery.destinationLines) cursor.paragraph(line, MARGIN, width);
  cursor.down(10);
  cursor.paragraph(WITHDRAWAL_MENTION, MARGIN, width, { size: 8.5, color: GREY });
}

/** The seller's identity at the foot of every page (an invoice page may be read alone). */
function drawFooters(doc: PDFDocument, fonts: Fonts, invoice: Invoice): void {
  const { seller } = invoice;
  const text = fonts.clean(`${seller.name} · SIREN ${seller.siren} · ${seller.rcs} · TVA ${seller.vatNumber}`);
  const pages = doc.getPages();
  pages.forEach((page, index) => {
    const footer = pages.length > 1 ? `${text} · page ${index + 1}/${pages.length}` : text;
    const size = 7.5;
    const x = Math.max(MARGIN, (A4.width - fonts.regular.widthOfTextAtSize(footer, size)) / 2);
    page.drawText(footer, { x, y: MARGIN - 20, size, font: fonts.regular, color: GREY });
  });
}

/**
 * The invoice as a PDF, with the standard Helvetica fonts (nothing embedded, nothing fetched).
 * The same invoice always gives the same bytes: the document's dates are the invoice's, so the
 * e-mail's attachment and the download are one document.
 */
export async function renderInvoicePdf(invoice: Invoice): Promise<Uint8Array> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const charset = new Set([...regular.getCharacterSet()].filter((code) => bold.getCharacterSet().includes(code)));
  const fonts: Fonts = { regular, bold, clean: sanitizeFor(charset) };
  const issuedAt = new Date(invoice.issuedAt);
  doc.setTitle(fonts.clean(`Facture ${invoice.number}`));
  doc.setAuthor(fonts.clean(invoice.seller.name));
  doc.setSubject(fonts.clean(`Commande ${invoice.orderNumber}`));
  doc.setCreator('Bracelets QR');
  doc.setProducer('Bracelets QR');
  doc.setLanguage('fr-FR');
  doc.setCreationDate(issuedAt);
  doc.setModificationDate(issuedAt);

  const cursor = createCursor(doc, fonts);
  drawHeader(cursor, invoice);
  drawParties(cursor, invoice);
  drawLines(cursor, invoice);
  drawTotals(cursor, invoice);
  drawMentions(cursor, invoice);
  drawFooters(doc, fonts, invoice);
  return doc.save({ useObjectStreams: false });
}
