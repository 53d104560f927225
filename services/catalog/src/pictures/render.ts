import { createHash } from 'node:crypto';
import sharp from 'sharp';

/**
 * The product pictures, drawn here (SVG rendered by sharp) rather than shipped: each product and
 * colour has PICTURES_PER_COLOUR views, encoded on demand in the widths and formats a `srcset`
 * asks for. Bump PICTURES_VERSION when the drawing changes: it is part of every URL, which is
 * cached for a year.
 */
export const PICTURES_VERSION = 'v1';
export const PICTURES_PER_COLOUR = 3;
export const PICTURE_WIDTHS = [360, 720, 1080] as const;
export const PICTURE_FORMATS = ['avif', 'webp'] as const;
export type PictureWidth = (typeof PICTURE_WIDTHS)[number];
export type PictureFormat = (typeof PICTURE_FORMATS)[number];
/** Every picture is 4:5 — its height is known before it loads, so nothing shifts. */
export const pictureHeight = (width: number) => Math.round((width * 5) / 4);

type Drawing = { range: 'corde' | 'argent'; hex: string; code: string; view: number };

const BASE_WIDTH = 1200;
const BASE_HEIGHT = pictureHeight(BASE_WIDTH);

/** A QR-like pattern, the same for a product every time (it is a picture of one, not a real code). */
function qrPattern(seed: string, x: number, y: number, size: number): string {
  const cells = 21;
  const cell = size / cells;
  const bits = createHash('sha256').update(seed).digest();
  const squares: string[] = [];
  const finder = (cx: number, cy: number) =>
    `<rect x="${x + cx * cell}" y="${y + cy * cell}" width="${7 * cell}" height="${7 * cell}" fill="#111"/>` +
    `<rect x="${x + (cx + 1) * cell}" y="${y + (cy + 1) * cell}" width="${5 * cell}" height="${5 * cell}" fill="#fff"/>` +
    `<rect x="${x + (cx + 2) * cell}" y="${y + (cy + 2) * cell}" width="${3 * cell}" height="${3 * cell}" fill="#111"/>`;
  for (let row = 0; row < cells; row += 1) {
    for (let column = 0; column < cells; column += 1) {
      const inFinder = (row < 8 && column < 8) || (row < 8 && column > 12) || (row > 12 && column < 8);
      const bit = (bits[(row * cells + column) % bits.length] as number) >> (column % 8);
      if (!inFinder && bit & 1)
        squares.push(`<rect x="${x + column * cell}" y="${y + row * cell}" width="${cell}" height="${cell}" fill="#111"/>`);
    }
  }
  return `<rect x="${x - cell}" y="${y - cell}" width="${size + 2 * cell}" height="${size + 2 * cell}" fill="#fff"/>${squares.join('')}${finder(0, 0)}${finder(14, 0)}${finder(0, 14)}`;
}

/** The band: a braided rope in the colour, or a fine silver chain. */
function band({ range, hex }: Drawing, cx: number, cy: number, rx: number, ry: number): string {
  if (range === 'argent') {
    const links: string[] = [];
    for (let index = 0; index < 64; index += 1) {
      const angle = (index / 64) * Math.PI * 2;
      links.push(
        `<ellipse cx="${cx + rx * Math.cos(angle)}" cy="${cy + ry * Math.sin(angle)}" rx="16" ry="10" transform="rotate(${(angle * 180) / Math.PI + 90} ${cx + rx * Math.cos(angle)} ${cy + ry * Math.sin(angle)})" fill="none" stroke="url(#metal)" stroke-width="6"/>`,
      );
    }
    return links.join('');
  }
  return `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="none" stroke="${hex}" stroke-width="46"/>
    <ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="none" stroke="#000" stroke-opacity="0.18" stroke-width="46" stroke-dasharray="14 22"/>
    <ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="none" stroke="#fff" stroke-opacity="0.22" stroke-width="8" stroke-dasharray="20 16"/>`;
}

function plate(drawing: Drawing, x: number, y: number, size: number): string {
  const metal = drawing.range === 'argent' ? 'url(#metal)' : '#d9dde1';
  return `<rect x="${x}" y="${y}" width="${size}" height="${size}" rx="${size / 8}" fill="${metal}" stroke="#9aa1a8" stroke-width="4"/>
    ${qrPattern(drawing.code, x + size * 0.16, y + size * 0.16, size * 0.68)}`;
}

/** One view of a product in a colour: 1 the whole bracelet, 2 the plate close up, 3 on a wrist. */
export function drawPicture(drawing: Drawing): string {
  const background = drawing.range === 'argent' ? ['#f4f1ec', '#e3ded6'] : ['#f7f3ea', '#ebe3d3'];
  const defs = `<defs>
    <linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${background[0]}"/><stop offset="1" stop-color="${background[1]}"/></linearGradient>
    <linearGradient id="metal" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#f2f4f6"/><stop offset="0.5" stop-color="#b9bfc6"/><stop offset="1" stop-color="#eef0f2"/></linearGradient>
  </defs>`;
  let scene: string;
  if (drawing.view === 2) {
    scene = `${band(drawing, 600, 1500, 900, 520)}${plate(drawing, 300, 380, 600)}`;
  } else if (drawing.view === 3) {
    scene = `<path d="M 180 1500 C 260 980 420 760 600 760 C 780 760 940 980 1020 1500 Z" fill="#e9c8a8"/>
      <path d="M 360 520 C 380 380 820 380 840 520 L 860 860 L 340 860 Z" fill="#e9c8a8"/>
      ${band(drawing, 600, 860, 300, 110)}${plate(drawing, 520, 880, 160)}`;
  } else {
    scene = `<ellipse cx="600" cy="1230" rx="330" ry="60" fill="#000" fill-opacity="0.08"/>
      ${band(drawing, 600, 760, 330, 420)}${plate(drawing, 460, 1020, 280)}`;
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${BASE_WIDTH}" height="${BASE_HEIGHT}" viewBox="0 0 ${BASE_WIDTH} ${BASE_HEIGHT}">${defs}<rect width="100%" height="100%" fill="url(#bg)"/>${scene}</svg>`;
}

/** The picture encoded at one width, in one format. */
export async function renderPicture(drawing: Drawing, width: PictureWidth, format: PictureFormat): Promise<Buffer> {
  const image = sharp(Buffer.from(drawPicture(drawing))).resize(width, pictureHeight(width));
  return format === 'avif' ? image.avif({ quality: 55, effort: 2 }).toBuffer() : image.webp({ quality: 78 }).toBuffer();
}
