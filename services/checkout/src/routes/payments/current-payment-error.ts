import type { StoredOrder } from '../../db/orders.repository.js';
import type { PaymentProvider } from '../../payments/provider.js';

/**
 * The decline to show the buyer, if it is still the news. A failed attempt's reason stays on the
 * order until the webhook pays it, but a later attempt may already have succeeded: until its
 * webhook lands, the intent itself says so (it no longer waits for a card), and /success must
 * keep waiting instead of showing the old decline. Unreachable provider: the recorded reason.
 */
export async function currentPaymentError(payments: PaymentProvider, order: StoredOrder): Promise<string | null> {
  if (order.status !== 'awaiting_payment' || !order.lastPaymentError) return null;
  if (!order.paymentIntentId) return order.lastPaymentError;
  try {
    const intent = await payments.retrievePaymentIntent(order.paymentIntentId);
    return intent.status === 'requires_payment_method' ? order.lastPaymentError : null;
  } catch {
    return order.lastPaymentError;
  }
}
