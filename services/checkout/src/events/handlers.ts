import type { ConsumerHandlers } from '@bracelet/service-kit';
import { createPriceListRepository } from '../db/price-list.repository.js';
import { followPreparedOrder, followShippedOrder } from './follow-fulfilment.js';

/** Checkout keeps the prices it charges, and follows its orders' preparation and shipping for the buyer. */
export const checkoutEventHandlers: ConsumerHandlers<'checkout'> = {
  // The prices checkout charges come from catalog's announcements only.
  'product.updated': (event, { tx }) => createPriceListRepository(tx).apply(event),
  'order.prepared': followPreparedOrder,
  'order.shipped': followShippedOrder,
};
