import {
  closePath,
  fill,
  PDFDocument,
  type PDFPage,
  popGraphicsState,
  pushGraphicsState,
  rectangle,
  rgb,
  StandardFonts,
  setFillingRgbColor,
} from 'pdf-lib';
import QRCode from 'qrcode';

/**
 * A batch's A4 sheets of QR codes for the bracelet tags. Each code is the bracelet's scan URL at
 * error correction Q (a quarter of the code may be worn away), its dark modules drawn as vector
 * rectangles (sharp at any printer resolution), 20 mm wide, its id printed beneath for a damaged
 * tag; cut marks show where to cut each tag out. Sizes are in millimetres.
 */
export const SHEET = {
  pageWidth: 210,
  pageHeight: 297,
  columns: 5,
  rows: 8,
  cellWidth: 36,
  cellHeight: 32,
  /** Top-left corner of the grid of tags. */
  gridLeft: 15,
  gridTop: 20,
  /** The code's side, without its quiet zone (the cell's white around it). */
  codeSize: 20,
  /** From the cell's top to the code's. */
  codeTop: 4,
  /** From the cell's top to the id's baseline. */
  idBaseline: 28.5,
} as const;
export const TAGS_PER_PAGE = SHEET.columns * SHEET.rows;

const POINTS_PER_MM = 72 / 25.4;
const pt = (mm: number) => mm * POINTS_PER_MM;
/** PDF's y axis goes up from the page's bottom; the layout's goes down from its top. */
const fromTop = (mm: number) => pt(SHEET.pageHeight - mm);

/** The scan URL a bracelet's code encodes (the finder's page). */
export const scanUrlOf = (publicUrl: string, braceletId: string) => new URL(`/b/${braceletId}`, publicUrl).toString();

/** Where the tag at `index` (0-based, across pages) sits on its page: its cell's top-left corner in mm. */
export function cellOf(index: number): { page: number; left: number; top: number } {
  const onPage = index % TAGS_PER_PAGE;
  return {
    page: Math.floor(index / TAGS_PER_PAGE),
    left: SHEET.gridLeft + (onPage % SHEET.columns) * SHEET.cellWidth,
    top: SHEET.gridTop + Math.floor(onPage / SHEET.columns) * SHEET.cellHeight,
  };
}

/** The standard fonts speak WinAnsi only: anything else in a label is printed as '?' instead of failing. */
const printable = (text: string) => [...text].map((char) => (/^[\x20-\x7e\u00a0-\u00ff€œŒ’‘“”–—…]$/u.test(char) ? char : '?')).join('');

function drawCode(page: PDFPage, url: string, left: number, top: number): void {
  const { modules } = QRCode.create(url, { errorCorrectionLevel: 'Q' });
  const module = pt(SHEET.codeSize) / modules.size;
  const x0 = pt(left);
  const y0 = fromTop(top);
  // One path of rectangles (a run of dark modules each) filled once: small files, no seams.
  const operators = [pushGraphicsState(), setFillingRgbColor(0, 0, 0)];
  for (let row = 0; row < modules.size; row++) {
    let start = -1;
    for (let column = 0; column <= modules.size; column++) {
      const dark = column < modules.size && modules.get(row, column) === 1;
      if (dark && start < 0) start = column;
      if (!dark && start >= 0) {
        operators.push(rectangle(x0 + start * module, y0 - (row + 1) * module, (column - start) * module, module), closePath());
        start = -1;
      }
    }
  }
  operators.push(fill(), popGraphicsState());
  page.pushOperators(...operators);
}

function drawCutMarks(page: PDFPage, rowsUsed: number): void {
  const grey = rgb(0.45, 0.45, 0.45);
  const line = (x1: number, y1: number, x2: number, y2: number) =>
    page.drawLine({ start: { x: pt(x1), y: fromTop(y1) }, end: { x: pt(x2), y: fromTop(y2) }, thickness: 0.3, color: grey });
  const right = SHEET.gridLeft + SHEET.columns * SHEET.cellWidth;
  const bottom = SHEET.gridTop + rowsUsed * SHEET.cellHeight;
  // Ticks in the margins along every cutting line, and a small cross where inner lines meet.
  for (let column = 0; column <= SHEET.columns; column++) {
    const x = SHEET.gridLeft + column * SHEET.cellWidth;
    line(x, SHEET.gridTop - 7, x, SHEET.gridTop - 2);
    line(x, bottom + 2, x, bottom + 7);
  }
  for (let row = 0; row <= rowsUsed; row++) {
    const y = SHEET.gridTop + row * SHEET.cellHeight;
    line(SHEET.gridLeft - 7, y, SHEET.gridLeft - 2, y);
    line(right + 2, y, right + 7, y);
    for (let column = 1; column < SHEET.columns; column++) {
      if (row === 0 || row === rowsUsed) continue;
      const x = SHEET.gridLeft + column * SHEET.cellWidth;
      line(x - 1.5, y, x + 1.5, y);
      line(x, y - 1.5, x, y + 1.5);
    }
  }
}

/** The sheets of a batch: one page per 40 tags, in the order given. */
export async function renderBatchSheet({
  label,
  braceletIds,
  publicUrl,
}: {
  label: string;
  braceletIds: readonly string[];
  publicUrl: string;
}): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(printable(`Planche de QR codes — lot ${label}`));
  pdf.setCreator('Bracelets QR — back office');
  const mono = await pdf.embedFont(StandardFonts.CourierBold);
  const sans = await pdf.embedFont(StandardFonts.Helvetica);
  const pageCount = Math.max(1, Math.ceil(braceletIds.length / TAGS_PER_PAGE));
  for (let pageIndex = 0; pageIndex < pageCount; pageIndex++) {
    const page = pdf.addPage([pt(SHEET.pageWidth), pt(SHEET.pageHeight)]);
    const tags = braceletIds.slice(pageIndex * TAGS_PER_PAGE, (pageIndex + 1) * TAGS_PER_PAGE);
    page.drawText(printable(`Lot « ${label} » — ${braceletIds.length} bracelet(s) — planche ${pageIndex + 1}/${pageCount}`), {
      x: pt(SHEET.gridLeft),
      y: fromTop(9),
      size: 9,
      font: sans,
    });
    tags.forEach((braceletId, onPage) => {
      const { left, top } = cellOf(onPage);
      drawCode(page, scanUrlOf(publicUrl, braceletId), left + (SHEET.cellWidth - SHEET.codeSize) / 2, top + SHEET.codeTop);
      const size = 7.5;
      const width = mono.widthOfTextAtSize(braceletId, size);
      page.drawText(braceletId, { x: pt(left + SHEET.cellWidth / 2) - width / 2, y: fromTop(top + SHEET.idBaseline), size, font: mono });
    });
    drawCutMarks(page, Math.ceil(tags.length / SHEET.columns));
    page.drawText(printable(`Découpez le long des repères. Chaque code mène à ${new URL('/b/', publicUrl).toString()}…`), {
      x: pt(SHEET.gridLeft),
      y: fromTop(SHEET.pageHeight - 8),
      size: 7,
      font: sans,
      color: rgb(0.35, 0.35, 0.35),
    });
  }
  return pdf.save();
}
