import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { announceProduct, type Checkout, checkoutPayload, deliverWebhook, placeOrder, startCheckout, stripeEvent } from './helpers.js';

// This checkout does not listen: the fake's own webhooks never arrive, the test delivers them.
let checkout: Checkout;
let code: string;
beforeAll(async () => {
  checkout = await startCheckout();
  code = await announceProduct(checkout.db);
});
afterAll(() => checkout.close());

describe('GET /checkout/orders/{id}/status after a declined card', () => {
  it('stops showing the old decline once another card has paid, before the webhook lands', async () => {
    const placed = await placeOrder(checkout, checkoutPayload(code));
    const status = async () =>
      (
        await checkout.app.inject({
          url: `/checkout/orders/${placed.order_id}/status?client_secret=${encodeURIComponent(placed.client_secret)}`,
        })
      ).json() as { paid: boolean; payment_error: string | null };
    const intent = { id: placed.payment_intent, amount: placed.amounts_cents.total, metadata: { order_id: placed.order_id } };

    const declined = await checkout.payments.provider.confirmPaymentIntent(placed.payment_intent, 'pm_card_chargeDeclined');
    expect(declined.declined).not.toBeNull();
    const failed = stripeEvent('payment_intent.payment_failed', intent, { type: 'card_error', code: 'card_declined' });
    expect((await deliverWebhook(checkout, failed)).statusCode).toBe(200);
    expect(await status()).toMatchObject({ paid: false, payment_error: 'Votre carte a été refusée. Essayez une autre carte.' });

    await checkout.payments.provider.confirmPaymentIntent(placed.payment_intent, 'pm_card_visa');
    // Paid at the provider, its webhook not here yet: still waiting, no decline.
    expect(await status()).toMatchObject({ paid: false, payment_error: null });
    expect((await deliverWebhook(checkout, stripeEvent('payment_intent.succeeded', intent))).statusCode).toBe(200);
    expect(await status()).toMatchObject({ paid: true, payment_error: null });
  });
});
