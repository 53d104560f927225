import { type ConsumerHandlers, handledLater } from '@bracelet/service-kit';

/** Checkout follows its orders' preparation and shipping for the buyer's order list. */
export const checkoutEventHandlers: ConsumerHandlers<'checkout'> = {
  'product.updated': handledLater('the prices checkout charges (checkout issue)'),
  'order.prepared': handledLater('order status for the buyer (checkout issue)'),
  'order.shipped': handledLater('order status for the buyer (checkout issue)'),
};
