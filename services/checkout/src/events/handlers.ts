import { type ConsumerHandlers, handledLater } from '@bracelet/service-kit';
import { createPriceListRepository } from '../db/price-list.repository.js';

/** Checkout keeps the prices it charges, and follows its orders' preparation and shipping for the buyer. */
export const checkoutEventHandlers: ConsumerHandlers<'checkout'> = {
  // The prices checkout charges come from catalog's announcements only.
  'product.updated': (event, { tx }) => createPriceListRepository(tx).apply(event),
  'order.prepared': handledLater('order status for the buyer (checkout issue)'),
  'order.shipped': handledLater('order status for the buyer (checkout issue)'),
};
