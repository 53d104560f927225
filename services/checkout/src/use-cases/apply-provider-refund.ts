import type { PoolClient } from '@bracelet/service-kit';
import { createRefundRepository } from '../db/refunds.repository.js';
import type { StripeEventOutcome } from '../db/stripe-events.repository.js';
import type { RefundReport } from '../payments/provider.js';
import { recordRefundOnce } from './refund-order.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const PAID_STATUSES = new Set(['paid', 'prepared', 'shipped']);

/**
 * Stripe's refund.created: usually the refund staff just made (already recorded: nothing to do).
 * It also records a refund the back office does not know of — made in Stripe's dashboard, or
 * made by a click whose transaction failed afterwards — so the order, the buyer's e-mail and the
 * stock follow it all the same (payment.refunded, once).
 */
export async function applyProviderRefund(tx: PoolClient, refund: RefundReport): Promise<StripeEventOutcome> {
  if (refund.status === 'failed' || refund.status === 'canceled') return 'ignored';
  const refunds = createRefundRepository(tx);
  const orderId =
    refund.orderId && UUID.test(refund.orderId)
      ? refund.orderId
      : refund.paymentIntentId
        ? await refunds.findIdByPaymentIntent(refund.paymentIntentId)
        : undefined;
  const order = orderId ? await refunds.lock(orderId) : undefined;
  if (!order || order.refund || !PAID_STATUSES.has(order.status) || order.paymentIntentId !== refund.paymentIntentId) return 'ignored';
  await recordRefundOnce(tx, order, refund, null);
  return 'refunded';
}
