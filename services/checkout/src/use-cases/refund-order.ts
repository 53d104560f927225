import { createEvent } from '@bracelet/contracts';
import { formatEuros } from '@bracelet/invoice';
import { AppError, type PoolClient, withTransaction, writeEvent } from '@bracelet/service-kit';
import { createRefundRepository, type RecordedRefund, type RefundableOrder } from '../db/refunds.repository.js';
import { PaymentProviderUnavailableError, RefundRefusedError } from '../payments/provider.js';
import type { CheckoutDeps } from './deps.js';

const PAID_STATUSES = new Set(['paid', 'prepared', 'shipped']);

export type RefundOutcome = RecordedRefund & { orderId: string; orderNumber: string };

/**
 * Refunds an order through the payment provider (staff, from the back office), once. An order
 * already refunded answers its refund without calling the provider again. The provider's call
 * carries one idempotency key per order, so two clicks racing each other get the same refund;
 * then, in one transaction, the order (locked) is recorded as refunded and payment.refunded is
 * written — only by whichever click (or Stripe's refund.created webhook) gets there first.
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
    const locked = await createRefundRepository(tx).lock(orderId);
    if (!locked) throw new AppError(404, 'order_not_found', 'Commande introuvable.');
    // Stripe's webhook about this very refund may have recorded it first: it is still this staff member's.
    if (locked.refund?.refundId === refund.id) await createRefundRepository(tx).setRefundedBy(orderId, staffId);
    return recordRefundOnce(tx, locked, refund, staffId);
  });
}

/**
 * Records a refund the provider made on a locked order and writes payment.refunded, unless the
 * order already has its refund (the other click, or the webhook, got there first): then answers
 * that one and writes nothing. `staffId` is null when only Stripe's webhook told us.
 */
export async function recordRefundOnce(
  tx: PoolClient,
  locked: RefundableOrder,
  refund: { id: string; amountCents: number },
  staffId: string | null,
): Promise<RefundOutcome> {
  const orderNumber = locked.orderNumber;
  if (locked.refund) return { ...locked.refund, orderId: locked.id, orderNumber };
  const recorded: RecordedRefund = { refundId: refund.id, amountCents: refund.amountCents, refundedAt: new Date() };
  await createRefundRepository(tx).record(locked.id, { ...recorded, staffId });
  await writeEvent(
    tx,
    'checkout',
    createEvent('payment.refunded', {
      orderId: locked.id,
      orderNumber,
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
  return { ...recorded, orderId: locked.id, orderNumber };
}
