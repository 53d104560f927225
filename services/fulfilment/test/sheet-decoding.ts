import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { cellOf, SHEET, TAGS_PER_PAGE } from '../src/qr-sheet.js';

const DPI = 300;
const px = (mm: number) => Math.round((mm / 25.4) * DPI);

/**
 * Reads a sheet back as a printer and a phone would: rendered at 300 dpi by poppler (pdftoppm),
 * then each tag's cell — the rectangle between the cut marks — decoded with jsQR. Answers what
 * each of the first `count` tags encodes (null where nothing decodes).
 */
export function decodeSheet(pdf: Uint8Array, count: number): Array<string | null> {
  const dir = mkdtempSync(join(tmpdir(), 'qr-sheet-'));
  try {
    writeFileSync(join(dir, 'sheet.pdf'), pdf);
    execFileSync('pdftoppm', ['-r', String(DPI), '-png', join(dir, 'sheet.pdf'), join(dir, 'page')]);
    const pages = readdirSync(dir)
      .filter((name) => name.endsWith('.png'))
      .sort()
      .map((name) => PNG.sync.read(readFileSync(join(dir, name))));
    return Array.from({ length: count }, (_, index) => {
      const { page, left, top } = cellOf(index);
      const image = pages[page];
      if (!image) return null;
      const [x0, y0, width, height] = [px(left), px(top), px(SHEET.cellWidth), px(SHEET.cellHeight)];
      const cell = new Uint8ClampedArray(width * height * 4);
      for (let row = 0; row < height; row++) {
        const from = ((y0 + row) * image.width + x0) * 4;
        cell.set(image.data.subarray(from, from + width * 4), row * width * 4);
      }
      return jsQR(cell, width, height)?.data ?? null;
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** How many pages pdftoppm would draw for `count` tags. */
export const pagesFor = (count: number) => Math.ceil(count / TAGS_PER_PAGE);
