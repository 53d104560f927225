import type { Queryable } from '@bracelet/service-kit';

export type BuyerOrder = { id: string; status: string; createdAt: Date };

export function createOrderRepository(db: Queryable) {
  return {
    async listByParent(parentId: string): Promise<BuyerOrder[]> {
      const { rows } = await db.query<{ id: string; status: string; created_at: Date }>(
        'SELECT id, status, created_at FROM orders WHERE parent_id = $1 ORDER BY created_at DESC',
        [parentId],
      );
      return rows.map((row) => ({ id: row.id, status: row.status, createdAt: row.created_at }));
    },
  };
}
