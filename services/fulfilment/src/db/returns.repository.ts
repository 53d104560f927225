import type { Queryable } from '@bracelet/service-kit';

/** A withdrawal as the back office follows it. */
export type WithdrawalReturn = {
  orderId: string;
  orderNumber: string;
  requestedAt: Date;
  accepted: boolean;
  returnReceivedAt: Date | null;
  refundedAt: Date | null;
  refundedCents: number | null;
};

type Row = {
  order_id: string;
  order_number: string;
  requested_at: Date;
  accepted: boolean;
  return_received_at: Date | null;
  refunded_at: Date | null;
  refunded_cents: number | null;
};
const toReturn = (row: Row): WithdrawalReturn => ({
  orderId: row.order_id,
  orderNumber: row.order_number,
  requestedAt: row.requested_at,
  accepted: row.accepted,
  returnReceivedAt: row.return_received_at,
  refundedAt: row.refunded_at,
  refundedCents: row.refunded_cents,
});
const COLUMNS = 'order_id, order_number, requested_at, accepted, return_received_at, refunded_at, refunded_cents';

/** Withdrawals (from checkout's order.withdrawal_requested), their returns and refunds. */
export function createReturnRepository(db: Queryable) {
  return {
    /** Newest requests first; the ones still to handle are what staff look for, so a few hundred is plenty. */
    async listRecent(limit: number): Promise<WithdrawalReturn[]> {
      const { rows } = await db.query<Row>(`SELECT ${COLUMNS} FROM withdrawals ORDER BY requested_at DESC, order_id LIMIT $1`, [limit]);
      return rows.map(toReturn);
    },

    /** The first reception is kept: a second click changes nothing. Undefined for an unknown order. */
    async markReceived(orderId: string, staffId: string): Promise<WithdrawalReturn | undefined> {
      const { rows } = await db.query<Row>(
        `UPDATE withdrawals SET return_received_at = COALESCE(return_received_at, now()), return_received_by = COALESCE(return_received_by, $2)
         WHERE order_id = $1 RETURNING ${COLUMNS}`,
        [orderId, staffId],
      );
      return rows[0] ? toReturn(rows[0]) : undefined;
    },

    async markRefunded(orderId: string, refundedAt: string, amountCents: number): Promise<void> {
      await db.query('UPDATE withdrawals SET refunded_at = $2, refunded_cents = $3 WHERE order_id = $1 AND refunded_at IS NULL', [
        orderId,
        refundedAt,
        amountCents,
      ]);
    },

    /** Marks the order refunded; false if it already was (a redelivered event) or fulfilment never had it. */
    async markOrderRefunded(orderId: string, refundedAt: string): Promise<{ parentId: string | null } | undefined> {
      const { rows } = await db.query<{ parent_id: string | null }>(
        'UPDATE orders SET refunded_at = $2 WHERE id = $1 AND refunded_at IS NULL RETURNING parent_id',
        [orderId, refundedAt],
      );
      return rows[0] ? { parentId: rows[0].parent_id } : undefined;
    },

    /**
     * Takes the order's never-configured bracelets out of it (back to stock, sellable again) and
     * keeps where they had been; answers their ids. Configured ones stay sold to the buyer.
     */
    async restockNeverConfigured(orderId: string): Promise<string[]> {
      const { rows } = await db.query<{ bracelet_id: string }>(
        `WITH taken AS (
           DELETE FROM preparation_lines l USING bracelets b
           WHERE l.order_id = $1 AND b.id = l.bracelet_id AND b.first_configured_at IS NULL AND NOT b.configured
           RETURNING l.bracelet_id
         )
         INSERT INTO restocked_bracelets (bracelet_id, order_id) SELECT bracelet_id, $1 FROM taken
         ON CONFLICT DO NOTHING RETURNING bracelet_id`,
        [orderId],
      );
      return rows.map((row) => row.bracelet_id).sort();
    },
  };
}
