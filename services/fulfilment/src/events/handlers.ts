import { type ConsumerHandlers, handledLater } from '@bracelet/service-kit';

/** Fulfilment turns paid orders into orders to prepare. */
export const fulfilmentEventHandlers: ConsumerHandlers<'fulfilment'> = {
  'payment.succeeded': handledLater('orders to prepare (checkout issue)'),
};
