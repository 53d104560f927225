import type { EventHandler } from '@bracelet/service-kit';

/*
 * The buyer's view of an order follows the warehouse (fulfilment's events): prepared, then shipped
 * ('Livrée' in the account). A status only moves forward, so a late or repeated event changes nothing.
 */

export const followPreparedOrder: EventHandler<'order.prepared'> = async (event, { tx }) => {
  await tx.query("UPDATE orders SET status = 'prepared' WHERE id = $1 AND status = 'paid'", [event.orderId]);
};

export const followShippedOrder: EventHandler<'order.shipped'> = async (event, { tx }) => {
  await tx.query("UPDATE orders SET status = 'shipped' WHERE id = $1 AND status IN ('paid', 'prepared')", [event.orderId]);
};
