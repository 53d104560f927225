import { AppError } from '@bracelet/service-kit';
import sharp from 'sharp';

const accepted = new Set(['jpeg', 'png', 'webp']);
const invalidPhoto = () =>
  new AppError(400, 'invalid_photo', 'La photo doit être une image PNG, JPEG ou WebP.', { photo: ['Format non pris en charge.'] });

/**
 * Checks the image by its content (not its name or declared type), then re-encodes it: turned
 * upright, at most 1024 px, WebP. Re-encoding drops every metadata block, EXIF GPS included.
 */
export type ProcessedPhoto = { content: Buffer; cardContent: Buffer; contentType: 'image/webp' };

export async function reencodePhoto(input: Buffer): Promise<ProcessedPhoto> {
  let format: string | undefined;
  try {
    format = (await sharp(input, { limitInputPixels: 40_000_000 }).metadata()).format;
  } catch {
    throw invalidPhoto();
  }
  if (!format || !accepted.has(format)) throw invalidPhoto();
  try {
    const upright = sharp(input, { limitInputPixels: 40_000_000 }).rotate();
    const content = await upright
      .clone()
      .resize({ width: 1024, height: 1024, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer();
    // The finder's card: small enough to travel in an event and load fast on a poor connection.
    const cardContent = await upright.clone().resize({ width: 320, height: 320, fit: 'cover' }).webp({ quality: 70 }).toBuffer();
    return { content, cardContent, contentType: 'image/webp' };
  } catch {
    throw invalidPhoto();
  }
}
