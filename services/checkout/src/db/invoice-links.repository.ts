import type { Queryable } from '@bracelet/service-kit';

/** The hashed token of each paid order's guest invoice link. */
export function createInvoiceLinkRepository(db: Queryable) {
  return {
    async setTokenHash(orderId: string, tokenHash: string): Promise<void> {
      await db.query('UPDATE orders SET invoice_token_hash = $2 WHERE id = $1', [orderId, tokenHash]);
    },

    async tokenHashOf(orderId: string): Promise<string | undefined> {
      const { rows } = await db.query<{ invoice_token_hash: string | null }>('SELECT invoice_token_hash FROM orders WHERE id = $1', [
        orderId,
      ]);
      return rows[0]?.invoice_token_hash ?? undefined;
    },
  };
}
