import type { Queryable } from '@bracelet/service-kit';

/** A batch with what became of its bracelets (see batchSchema in contracts for the three counts). */
export type BatchSummary = {
  id: string;
  label: string;
  size: number;
  mintedAt: Date;
  sold: number;
  configured: number;
  unsold: number;
};

type Row = { id: string; label: string; size: number; minted_at: Date; sold: string; configured: string; unsold: string };
const toSummary = (row: Row): BatchSummary => ({
  id: row.id,
  label: row.label,
  size: row.size,
  mintedAt: row.minted_at,
  sold: Number(row.sold),
  configured: Number(row.configured),
  unsold: Number(row.unsold),
});

// Counted per batch of the page only: the page stays quick however many batches exist.
const SUMMARY = `SELECT m.id, m.label, m.size, m.minted_at,
    count(l.bracelet_id) AS sold,
    count(*) FILTER (WHERE b.configured) AS configured,
    count(*) FILTER (WHERE l.bracelet_id IS NULL) AS unsold
  FROM page m
  JOIN bracelets b ON b.batch_id = m.id
  LEFT JOIN preparation_lines l ON l.bracelet_id = b.id
  GROUP BY m.id, m.label, m.size, m.minted_at
  ORDER BY m.minted_at DESC, m.id DESC`;

/** The minted batches as the back office sees them. */
export function createBatchRepository(db: Queryable) {
  return {
    async listPage({ page, pageSize }: { page: number; pageSize: number }): Promise<{ batches: BatchSummary[]; total: number }> {
      const [{ rows }, count] = await Promise.all([
        db.query<Row>(
          `WITH page AS (SELECT id, label, size, minted_at FROM mint_batches ORDER BY minted_at DESC, id DESC LIMIT $1 OFFSET $2) ${SUMMARY}`,
          [pageSize, (page - 1) * pageSize],
        ),
        db.query<{ total: string }>('SELECT count(*) AS total FROM mint_batches'),
      ]);
      return { batches: rows.map(toSummary), total: Number(count.rows[0]?.total ?? 0) };
    },

    async find(batchId: string): Promise<BatchSummary | undefined> {
      const { rows } = await db.query<Row>(`WITH page AS (SELECT id, label, size, minted_at FROM mint_batches WHERE id = $1) ${SUMMARY}`, [
        batchId,
      ]);
      return rows[0] ? toSummary(rows[0]) : undefined;
    },

    /** The batch's ids in the order they were minted (the sheet's order). */
    async braceletIdsOf(batchId: string): Promise<string[]> {
      const { rows } = await db.query<{ id: string }>('SELECT id FROM bracelets WHERE batch_id = $1 ORDER BY minted_at, id', [batchId]);
      return rows.map((row) => row.id);
    },
  };
}
export type BatchRepository = ReturnType<typeof createBatchRepository>;
