import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { generateBraceletId } from '../src/bracelet-ids.js';
import { renderBatchSheet, TAGS_PER_PAGE } from '../src/qr-sheet.js';
import { decodeSheet } from './sheet-decoding.js';

describe('the QR sheet of a batch', () => {
  it('goes on to a second A4 page past 40 tags, every code still scanning to its own URL', async () => {
    const ids = Array.from({ length: TAGS_PER_PAGE + 1 }, () => generateBraceletId());
    const pdf = await renderBatchSheet({ label: 'Deux planches', braceletIds: ids, publicUrl: 'https://bracelet-qr.fr' });
    expect(execFileSync('pdfinfo', ['-'], { input: pdf, encoding: 'utf8' })).toMatch(/Pages:\s+2\n/);
    expect(decodeSheet(pdf, ids.length)).toEqual(ids.map((id) => `https://bracelet-qr.fr/b/${id}`));
  });

  it('prints a label its fonts cannot write with question marks instead of failing', async () => {
    const pdf = await renderBatchSheet({ label: 'Lot 🎉 東京', braceletIds: [generateBraceletId()], publicUrl: 'https://bracelet-qr.fr' });
    expect(execFileSync('pdftotext', ['-', '-'], { input: pdf, encoding: 'utf8' })).toContain(
      'Lot « Lot ? ?? » — 1 bracelet(s) — planche 1/1',
    );
  });
});
