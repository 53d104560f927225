import { randomBytes } from 'node:crypto';
import type { Queryable } from '@bracelet/service-kit';

export function createPhotoRepository(db: Queryable) {
  return {
    async insert(ownerId: string, photo: { content: Buffer; cardContent: Buffer; contentType: 'image/webp' }): Promise<string> {
      const id = randomBytes(16).toString('base64url');
      await db.query('INSERT INTO photos (id, owner_id, content_type, content, card_content) VALUES ($1, $2, $3, $4, $5)', [
        id,
        ownerId,
        photo.contentType,
        photo.content,
        photo.cardContent,
      ]);
      return id;
    },

    /** The small version for the finder's card, if there is one. */
    async findCardContent(id: string): Promise<Buffer | undefined> {
      const { rows } = await db.query<{ card_content: Buffer | null }>('SELECT card_content FROM photos WHERE id = $1', [id]);
      return rows[0]?.card_content ?? undefined;
    },

    /** The photo, only if it belongs to `ownerId`. */
    async findOwned(id: string, ownerId: string): Promise<{ content: Buffer; contentType: string } | undefined> {
      const { rows } = await db.query<{ content: Buffer; content_type: string }>(
        'SELECT content, content_type FROM photos WHERE id = $1 AND owner_id = $2',
        [id, ownerId],
      );
      const row = rows[0];
      return row ? { content: row.content, contentType: row.content_type } : undefined;
    },

    async delete(id: string): Promise<void> {
      await db.query('DELETE FROM photos WHERE id = $1', [id]);
    },
  };
}
