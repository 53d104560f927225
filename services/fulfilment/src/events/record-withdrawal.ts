import type { EventHandler } from '@bracelet/service-kit';

/**
 * A buyer withdrew from an order: kept for the back office (a return to expect, a refund to make).
 * A late request (refused) is kept too, so staff can answer the buyer. Redeliveries change nothing.
 */
export const recordWithdrawal: EventHandler<'order.withdrawal_requested'> = async (event, { db }) => {
  await db.query(
    `INSERT INTO withdrawals (order_id, order_number, requested_at, accepted) VALUES ($1, $2, $3, $4)
     ON CONFLICT (order_id) DO UPDATE SET accepted = withdrawals.accepted OR EXCLUDED.accepted`,
    [event.orderId, event.orderNumber, event.requestedAt, event.accepted],
  );
};
