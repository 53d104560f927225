import { createEvent } from '@bracelet/contracts';
import { formatEuros } from '@bracelet/invoice';
import { AppError, withTransaction, writeEvent } from '@bracelet/service-kit';
import { createRefundRepository, type RecordedRefund } from '../db/refunds.repository.js';
import { PaymentProviderUnavailableError, RefundRefusedError } from '../payments/provider.js';
import type { CheckoutDeps } from './deps.js';

const PAID_STATUSES = new Set(['paid', 'prepared', 'shipped']);

export type RefundOutcome = RecordedRefund & { orderId: string; orderNumber: string };

/**
 * Refunds an order through the payment provider (staff, from the back office), once. An order
 * already refunded answers its refund without calling the provider again. The provider's call
 * carries one idempotency key per order, so two clicks racing each other get the same refund;
 * then, in one transaction, the order (locked) is recorded as refunded and payment.refunded is
 * written — only by whichever click gets there first.
 */
export async function refundOrder(
  deps: CheckoutDeps,
  { orderId, staffId, amountCents }: { orderId: string; staffId: string; amountCents?: number | undefined },
): Promise<RefundOutcome> {
  const order = await createRefundRepository(deps.db).find(orderId);
  if (!order) throw new AppError(404, 'order_not_found', 'Commande introuvable.');
  if (order.refund) return { ...order.refund, orderId, orderNumber: order.orderNumber };
  if (!PAID_STATUSES.has(order.status) || !order.paymentIntentId || !order.paidAt) {
    throw new AppError(409, 'order_not_paid', `La commande ${order.orderNumber} n’a pas été payée : il n’y a rien à rembourser.`);
  }
  const amount = amountCents ?? order.totalCents;
  if (amount > order.totalCents) {
    throw new AppError(400, 'refund_too_large', `Le remboursement ne peut pas dépasser les ${formatEuros(order.totalCents)} payés.`, {
      amount_cents: [`${formatEuros(order.totalCents)} au plus.`],
    });
  }

  let refund: Awaited<ReturnType<CheckoutDeps['payments']['refund']>>;
  try {
    refund = await deps.payments.refund({
      paymentIntentId: order.paymentIntentId,
      amountCents: amount,
      orderId,
      idempotencyKey: `refund-${orderId}`,
    });
  } catch (error) {
    if (error instanceof RefundRefusedError) {
      throw new AppError(409, 'refund_refused', `Le prestataire de paiement refuse ce remboursement : ${error.message}`);
    }
    if (error instanceof PaymentProviderUnavailableError) {
      deps.log.error({ err: error, orderId }, 'refund: payment provider unavailable');
      throw new AppError(503, 'payment_provider_unavailable', 'Le prestataire de paiement ne répond pas. Réessayez dans un instant.');
    }
    throw error;
  }

  return withTransaction(deps.db, async (tx) => {
    const refunds = createRefundRepository(tx);
    const locked = await refunds.lock(orderId);
    if (!locked) throw new AppError(404, 'order_not_found', 'Commande introuvable.');
    // The other click got here first with the same refund: nothing more to record or announce.
    if (locked.refund) return { ...locked.refund, orderId, orderNumber: locked.orderNumber };
    const recorded: RecordedRefund = { refundId: refund.id, amountCents: refund.amountCents, refundedAt: new Date() };
    await refunds.record(orderId, { ...recorded, staffId });
    await writeEvent(
      tx,
      'checkout',
      createEvent('payment.refunded', {
        orderId,
        orderNumber: locked.orderNumber,
        parentId: locked.parentId,
        customerEmail: locked.customer.email,
        customerFirstName: locked.customer.firstName,
        refundId: refund.id,
        amountCents: refund.amountCents,
        paidCents: locked.totalCents,
        currency: 'eur',
        refundedAt: recorded.refundedAt.toISOString(),
      }),
    );
    return { ...recorded, orderId, orderNumber: locked.orderNumber };
  });
}
