import type { ConsumerHandlers } from '@bracelet/service-kit';
import { recordOrderToPrepare } from './record-order-to-prepare.js';
import { recordWithdrawal } from './record-withdrawal.js';

/** Fulfilment turns paid orders into orders to prepare. */
export const fulfilmentEventHandlers: ConsumerHandlers<'fulfilment'> = {
  'payment.succeeded': recordOrderToPrepare,
  'order.withdrawal_requested': recordWithdrawal,
};
