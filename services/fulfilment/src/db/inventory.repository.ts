import type { Queryable } from '@bracelet/service-kit';

export function createInventoryRepository(db: Queryable) {
  return {
    async insertBatch(batch: { id: string; label: string; braceletIds: string[]; mintedBy: string | null }): Promise<void> {
      await db.query('INSERT INTO mint_batches (id, label, size, minted_by) VALUES ($1, $2, $3, $4)', [
        batch.id,
        batch.label,
        batch.braceletIds.length,
        batch.mintedBy,
      ]);
      await db.query('INSERT INTO bracelets (id, batch_id) SELECT unnest($1::text[]), $2', [batch.braceletIds, batch.id]);
    },

    async findBatchByLabel(label: string): Promise<string[] | undefined> {
      const { rows } = await db.query<{ id: string }>(
        `SELECT b.id FROM bracelets b JOIN mint_batches m ON m.id = b.batch_id
         WHERE m.label = $1 ORDER BY b.minted_at, b.id`,
        [label],
      );
      return rows.length > 0 ? rows.map((row) => row.id) : undefined;
    },
  };
}
export type InventoryRepository = ReturnType<typeof createInventoryRepository>;
