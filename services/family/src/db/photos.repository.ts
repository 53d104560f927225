import { randomBytes } from 'node:crypto';
import type { Queryable } from '@bracelet/service-kit';

export function createPhotoRepository(db: Queryable) {
  return {
    async insert(ownerId: string, photo: { content: Buffer; contentType: 'image/webp' }, tx: Queryable = db): Promise<string> {
      const id = randomBytes(16).toString('base64url');
      await tx.query('INSERT INTO photos (id, owner_id, content_type, content) VALUES ($1, $2, $3, $4)', [
        id,
        ownerId,
        photo.contentType,
        photo.content,
      ]);
      return id;
    },

    /** The photo, only if it belongs to `ownerId`. */
    async findOwned(id: string, ownerId: string, tx: Queryable = db): Promise<{ content: Buffer; contentType: string } | undefined> {
      const { rows } = await tx.query<{ content: Buffer; content_type: string }>(
        'SELECT content, content_type FROM photos WHERE id = $1 AND owner_id = $2',
        [id, ownerId],
      );
      const row = rows[0];
      return row ? { content: row.content, contentType: row.content_type } : undefined;
    },

    async delete(id: string, tx: Queryable = db): Promise<void> {
      await tx.query('DELETE FROM photos WHERE id = $1', [id]);
    },
  };
}
