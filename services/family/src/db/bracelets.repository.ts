import type { Queryable } from '@bracelet/service-kit';

export function createBraceletRepository(db: Queryable) {
  return {
    async addMinted(braceletIds: string[], tx: Queryable = db): Promise<void> {
      await tx.query('INSERT INTO bracelets (id) SELECT unnest($1::text[]) ON CONFLICT (id) DO NOTHING', [braceletIds]);
    },

    /** Bracelets of a prepared order go to the buyer, unless someone already owns them. */
    async giveToOwner(braceletIds: string[], ownerId: string, tx: Queryable = db): Promise<void> {
      await tx.query('UPDATE bracelets SET owner_id = $2, updated_at = now() WHERE id = ANY($1::text[]) AND owner_id IS NULL', [
        braceletIds,
        ownerId,
      ]);
    },
  };
}
export type BraceletRepository = ReturnType<typeof createBraceletRepository>;
