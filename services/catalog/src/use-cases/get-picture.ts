import type { Pool } from '@bracelet/service-kit';
import { createPictureRepository } from '../db/pictures.repository.js';
import { createProductRepository } from '../db/products.repository.js';
import { PICTURES_PER_COLOUR, PICTURES_VERSION, type PictureFormat, type PictureWidth, renderPicture } from '../pictures/render.js';

/**
 * A product picture: the stored one, or drawn, encoded and stored now. Undefined for a product,
 * colour or view the catalogue does not have (or an older drawing's version).
 */
export async function getPicture(
  db: Pool,
  request: { version: string; code: string; colour: string; position: number; width: PictureWidth; format: PictureFormat },
): Promise<Buffer | undefined> {
  if (request.version !== PICTURES_VERSION || request.position < 1 || request.position > PICTURES_PER_COLOUR) return undefined;
  const pictures = createPictureRepository(db);
  const stored = await pictures.find(request);
  if (stored) return stored;
  const product = await createProductRepository(db).findByCode(request.code);
  const colour = product?.colours.find((candidate) => candidate.slug === request.colour);
  if (!product || !colour) return undefined;
  const content = await renderPicture(
    { range: product.range, hex: colour.hex, code: product.code, view: request.position },
    request.width,
    request.format,
  );
  await pictures.store(request, content);
  return content;
}
