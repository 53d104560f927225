import { randomUUID } from 'node:crypto';
import type { Queryable } from '@bracelet/service-kit';

/** A paid order as the withdrawal form finds it. */
export type WithdrawableOrder = {
  id: string;
  orderNumber: string;
  customerEmail: string;
  paidAt: Date;
  withdrawalRequestedAt: Date | null;
};

/** The withdrawal requests and the orders' record of them. */
export function createWithdrawalRepository(db: Queryable) {
  return {
    /** The paid order with this number and buyer e-mail (both compared without case), locked. */
    async lockPaidOrder(orderNumber: string, email: string): Promise<WithdrawableOrder | undefined> {
      const { rows } = await db.query<{
        id: string;
        order_number: string;
        email: string;
        paid_at: Date;
        withdrawal_requested_at: Date | null;
      }>(
        `SELECT id, order_number, customer->>'email' AS email, paid_at, withdrawal_requested_at FROM orders
          WHERE upper(order_number) = upper($1) AND lower(customer->>'email') = lower($2)
            AND paid_at IS NOT NULL AND status IN ('paid', 'prepared', 'shipped')
          FOR UPDATE`,
        [orderNumber, email],
      );
      const row = rows[0];
      return row
        ? {
            id: row.id,
            orderNumber: row.order_number,
            customerEmail: row.email,
            paidAt: row.paid_at,
            withdrawalRequestedAt: row.withdrawal_requested_at,
          }
        : undefined;
    },

    async record(request: { orderId: string; name: string; requestedAt: Date; accepted: boolean }): Promise<void> {
      await db.query('INSERT INTO withdrawal_requests (id, order_id, name, requested_at, accepted) VALUES ($1, $2, $3, $4, $5)', [
        randomUUID(),
        request.orderId,
        request.name,
        request.requestedAt,
        request.accepted,
      ]);
      if (request.accepted) {
        await db.query('UPDATE orders SET withdrawal_requested_at = $2 WHERE id = $1 AND withdrawal_requested_at IS NULL', [
          request.orderId,
          request.requestedAt,
        ]);
      }
    },

    /** Requests for this order in the last hour (a form sent again and again mails the buyer once an hour at most). */
    async countRecent(orderId: string, since: Date): Promise<number> {
      const { rows } = await db.query<{ count: string }>(
        'SELECT count(*) AS count FROM withdrawal_requests WHERE order_id = $1 AND requested_at >= $2',
        [orderId, since],
      );
      return Number(rows[0]?.count ?? 0);
    },
  };
}
