import { createEvent } from '@bracelet/contracts';
import { type EventHandler, writeEvent } from '@bracelet/service-kit';
import { createReturnRepository } from '../db/returns.repository.js';

/**
 * Checkout refunded an order: the withdrawal (if any) shows it, and the order's bracelets that
 * were never configured go back to stock (bracelets.restocked, so family forgets the buyer had
 * them). A bracelet a family configured, even once, is never sold to anyone else. All in the
 * consumer's transaction; a redelivered event finds the order refunded and does nothing.
 */
export const recordRefund: EventHandler<'payment.refunded'> = async (event, { tx, log }) => {
  const returns = createReturnRepository(tx);
  await returns.markRefunded(event.orderId, event.refundedAt, event.amountCents);
  const order = await returns.markOrderRefunded(event.orderId, event.refundedAt);
  if (!order) {
    log.info({ orderId: event.orderId }, 'refund already recorded, or an order fulfilment never had');
    return;
  }
  const braceletIds = await returns.restockNeverConfigured(event.orderId);
  if (braceletIds.length === 0) return;
  await writeEvent(tx, 'fulfilment', createEvent('bracelets.restocked', { orderId: event.orderId, parentId: order.parentId, braceletIds }));
};
