import { createEvent } from '@bracelet/contracts';
import { type PoolClient, withTransaction, writeEvent } from '@bracelet/service-kit';
import { createInvoiceLinkRepository } from '../db/invoice-links.repository.js';
import { createInvoiceNumberRepository } from '../db/invoice-numbers.repository.js';
import { createOrderRepository, type StoredOrder } from '../db/orders.repository.js';
import { createStripeEventRepository, type StripeEventOutcome } from '../db/stripe-events.repository.js';
import { createInvoiceToken, hashInvoiceToken, invoiceUrlOf } from '../invoice-links.js';
import { paymentFactsOf } from '../paid-order.js';
import type { PaymentEvent, PaymentIntentSummary } from '../payments/provider.js';
import { applyProviderRefund } from './apply-provider-refund.js';
import type { CheckoutDeps } from './deps.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What the buyer reads after a failed attempt (spec §8 keeps Stripe's reasons out of sight). */
function declineMessage(error: PaymentIntentSummary['lastPaymentError']): string {
  if (error?.code === 'card_declined') return 'Votre carte a été refusée. Essayez une autre carte.';
  if (error?.code === 'payment_intent_authentication_failure') return "L'authentification de votre carte a échoué. Veuillez réessayer.";
  if (error?.code === 'expired_card') return 'Votre carte a expiré.';
  if (error?.code === 'incorrect_cvc') return 'Le code de sécurité de votre carte est incorrect.';
  return 'Le paiement a échoué. Veuillez réessayer.';
}

/** The invoice series of a payment: the prefix and the year in France, where the invoices are issued. */
const seriesOf = (prefix: string, paidAt: Date) =>
  `${prefix}${new Intl.DateTimeFormat('en', { timeZone: 'Europe/Paris', year: 'numeric' }).format(paidAt)}`;

/**
 * Applies a verified Stripe event once: its id is claimed, then in the same transaction the order
 * it names (locked) is settled. Only `payment_intent.succeeded` pays an order, and only when Stripe's
 * amount and currency are the order's; a payment failure leaves it unpaid (the buyer may retry).
 * Any order of arrival and any number of redeliveries give the same result.
 */
export async function applyStripeEvent(deps: CheckoutDeps, event: PaymentEvent): Promise<StripeEventOutcome | 'duplicate'> {
  return withTransaction(deps.db, async (tx) => {
    const events = createStripeEventRepository(tx);
    if (!(await events.claim({ id: event.id, type: event.type, paymentIntentId: event.intent?.id ?? null }))) return 'duplicate';
    const outcome = await settle(deps, tx, event);
    if (outcome !== 'ignored') await events.setOutcome(event.id, outcome);
    return outcome;
  });
}

async function settle(deps: CheckoutDeps, tx: PoolClient, event: PaymentEvent): Promise<StripeEventOutcome> {
  if (event.type === 'refund.created' && event.refund) return applyProviderRefund(tx, event.refund);
  const intent = event.intent;
  if (!intent || (event.type !== 'payment_intent.succeeded' && event.type !== 'payment_intent.payment_failed')) return 'ignored';
  const order = await findOrderOf(tx, intent);
  // Not one of ours (another integration on the same Stripe account), or an intent replaced on the order.
  if (!order || (order.paymentIntentId !== null && order.paymentIntentId !== intent.id)) return 'ignored';
  const orders = createOrderRepository(tx);

  if (event.type === 'payment_intent.payment_failed') {
    if (order.status !== 'awaiting_payment') return 'ignored';
    await orders.recordPaymentError(order.id, declineMessage(intent.lastPaymentError));
    return 'declined';
  }
  if (order.status !== 'awaiting_payment') return 'ignored';
  const received = { amountCents: intent.amountReceivedCents, currency: intent.currency };
  if (intent.amountCents !== order.totalCents || received.amountCents !== order.totalCents || received.currency !== order.currency) {
    deps.log.error({ orderId: order.id, expected: order.totalCents, received }, 'payment does not match its order: flagged for staff');
    await orders.flagMismatch(order.id, received);
    return 'mismatch';
  }
  await markPaid(deps, tx, order, intent.id);
  return 'paid';
}

async function findOrderOf(tx: PoolClient, intent: PaymentIntentSummary): Promise<StoredOrder | undefined> {
  const orders = createOrderRepository(tx);
  const orderId = intent.metadata.order_id;
  if (orderId && UUID.test(orderId)) return orders.lockById(orderId);
  const byIntent = await orders.findByPaymentIntent(intent.id);
  return byIntent ? orders.lockById(byIntent.id) : undefined;
}

/** Paid, its invoice number taken, its guest invoice link made, and payment.succeeded written: one transaction. */
async function markPaid(deps: CheckoutDeps, tx: PoolClient, order: StoredOrder, paymentIntentId: string): Promise<void> {
  const orders = createOrderRepository(tx);
  const paidAt = new Date();
  const series = seriesOf(deps.config.INVOICE_PREFIX, paidAt);
  const number = await createInvoiceNumberRepository(tx).takeNext(series);
  const invoiceNumber = `${series}-${String(number).padStart(6, '0')}`;
  await orders.markPaid(order.id, { invoiceNumber, paidAt });
  // The token travels once, in the event, to the buyer's e-mail; checkout keeps only its hash.
  const invoiceToken = createInvoiceToken();
  await createInvoiceLinkRepository(tx).setTokenHash(order.id, hashInvoiceToken(invoiceToken));
  const lines = await orders.linesOf(order.id);
  await writeEvent(
    tx,
    'checkout',
    createEvent('payment.succeeded', {
      ...paymentFactsOf(order, lines, { invoiceNumber, paidAt, paymentIntentId }),
      invoiceUrl: invoiceUrlOf(deps.config.PUBLIC_URL, order.id, invoiceToken),
    }),
  );
}
