import type { EventHandler } from '@bracelet/service-kit';
import { createOrderRepository } from '../db/orders.repository.js';

/**
 * A paid order becomes an order to prepare (status to_prepare), with what goes in the parcel and
 * where it goes. In the consumer's transaction; a redelivered event finds it there and changes nothing.
 */
export const recordOrderToPrepare: EventHandler<'payment.succeeded'> = async (event, { tx, log }) => {
  if (!(await createOrderRepository(tx).recordPaid(event))) log.info({ orderId: event.orderId }, 'order to prepare already recorded');
};
