import type { Queryable } from '@bracelet/service-kit';

export type PictureKey = { version: string; code: string; colour: string; position: number; width: number; format: 'avif' | 'webp' };

const keyValues = (key: PictureKey) => [key.version, key.code, key.colour, key.position, key.width, key.format];

/** Encoded product pictures, kept once drawn. */
export function createPictureRepository(db: Queryable) {
  return {
    async find(key: PictureKey): Promise<Buffer | undefined> {
      const { rows } = await db.query<{ content: Buffer }>(
        `SELECT content FROM product_pictures
         WHERE version = $1 AND product_code = $2 AND colour_slug = $3 AND position = $4 AND width = $5 AND format = $6`,
        keyValues(key),
      );
      return rows[0]?.content;
    },

    /** Keeps a picture; if another request drew it first, theirs stays (the same bytes). */
    async store(key: PictureKey, content: Buffer): Promise<void> {
      await db.query(
        `INSERT INTO product_pictures (version, product_code, colour_slug, position, width, format, content)
         VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT DO NOTHING`,
        [...keyValues(key), content],
      );
    },
  };
}
