import type { ConsumerHandlers } from '@bracelet/service-kit';
import { recordAssociation, recordReset } from './record-configuration.js';
import { recordOrderToPrepare } from './record-order-to-prepare.js';
import { recordRefund } from './record-refund.js';
import { recordWithdrawal } from './record-withdrawal.js';

/** Fulfilment turns paid orders into orders to prepare. */
export const fulfilmentEventHandlers: ConsumerHandlers<'fulfilment'> = {
  'payment.succeeded': recordOrderToPrepare,
  'order.withdrawal_requested': recordWithdrawal,
  'bracelet.associated': recordAssociation,
  'bracelet.reset': recordReset,
  'payment.refunded': recordRefund,
};
