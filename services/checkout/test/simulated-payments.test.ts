import { eventually } from '@bracelet/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  announceProduct,
  type Checkout,
  checkoutPayload,
  invoiceSequence,
  orderRow,
  type PlacedAnswer,
  paymentSucceededEvents,
  placeOrder,
  startCheckout,
} from './helpers.js';

// The whole simulated path: checkout's own Stripe fake, the SDK's confirmation, the fake's signed
// webhook delivered over HTTP to this listening checkout, the order paid by the webhook alone.
let checkout: Checkout;
let code: string;
beforeAll(async () => {
  checkout = await startCheckout({}, { listen: true, poolSize: 12 });
  code = await announceProduct(checkout.db);
});
afterAll(() => checkout.close());

const confirm = (placed: PlacedAnswer, paymentMethod: string, extra: Record<string, string> = {}) =>
  checkout.app.inject({
    method: 'POST',
    url: '/payments/simulated/confirm',
    payload: { payment_intent: placed.payment_intent, client_secret: placed.client_secret, payment_method: paymentMethod, ...extra },
  });

const paidOrder = (orderId: string) =>
  eventually(async () => {
    const order = await orderRow(checkout.db, orderId);
    return order?.status === 'paid' ? order : undefined;
  });

describe('simulated payments, through the fake and its webhooks', () => {
  it('pays with the 4242 card: confirmed, then paid once the signed webhook lands', async () => {
    const placed = await placeOrder(checkout, checkoutPayload(code));
    const confirmed = await confirm(placed, 'pm_card_visa');
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ payment_intent: { id: placed.payment_intent, status: 'succeeded', next_action: null } });
    const order = await paidOrder(placed.order_id);
    expect(order.invoice_number).not.toBeNull();
    expect(await paymentSucceededEvents(checkout.db, placed.order_id)).toHaveLength(1);
  });

  it('keeps a declined order awaiting payment (402 in French), and the same intent can then be paid', async () => {
    const placed = await placeOrder(checkout, checkoutPayload(code));
    const declined = await confirm(placed, 'pm_card_chargeDeclined');
    expect(declined.statusCode).toBe(402);
    expect(declined.json()).toEqual({ error: { code: 'card_declined', message: 'Votre carte a été refusée. Essayez une autre carte.' } });
    await checkout.payments.fake?.webhooksSettled();
    expect(await orderRow(checkout.db, placed.order_id)).toMatchObject({
      status: 'awaiting_payment',
      invoice_number: null,
      last_payment_error: 'Votre carte a été refusée. Essayez une autre carte.',
    });
    expect((await confirm(placed, 'pm_card_visa')).statusCode).toBe(200);
    await paidOrder(placed.order_id);
    expect(await paymentSucceededEvents(checkout.db, placed.order_id)).toHaveLength(1);
    // Paying twice is refused, and still one payment.
    expect((await confirm(placed, 'pm_card_visa')).statusCode).toBe(409);
  });

  it('sends a 3-D Secure card to the simulated bank page, then back to /success; paid once approved', async () => {
    const placed = await placeOrder(checkout, checkoutPayload(code));
    const pending = await confirm(placed, 'pm_card_threeDSecure2Required', { return_url: `/success?order_id=${placed.order_id}` });
    expect(pending.statusCode).toBe(200);
    const { next_action, status } = pending.json().payment_intent;
    expect(status).toBe('requires_action');
    const page = new URL(next_action.redirect_to_url.url);
    expect(page.pathname).toBe(`/payments/simulated/authenticate/${placed.payment_intent}`);
    const shown = await checkout.app.inject({ url: page.pathname });
    expect(shown.statusCode).toBe(200);
    expect(shown.body).toContain('Authentification 3-D Secure');
    expect(shown.body).toContain('Mode test');
    const approved = await checkout.app.inject({
      method: 'POST',
      url: page.pathname,
      payload: 'outcome=approve',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(approved.statusCode).toBe(303);
    const back = new URL(approved.headers.location as string);
    expect(back.pathname).toBe('/success');
    expect(Object.fromEntries(back.searchParams)).toEqual({
      order_id: placed.order_id,
      payment_intent: placed.payment_intent,
      payment_intent_client_secret: placed.client_secret,
      redirect_status: 'succeeded',
    });
    await paidOrder(placed.order_id);
  });

  it('refuses a confirmation without the intent’s client secret, and a return address elsewhere', async () => {
    const placed = await placeOrder(checkout, checkoutPayload(code));
    const stranger = await checkout.app.inject({
      method: 'POST',
      url: '/payments/simulated/confirm',
      payload: { payment_intent: placed.payment_intent, client_secret: 'pi_x_secret_guess', payment_method: 'pm_card_visa' },
    });
    expect(stranger.statusCode).toBe(404);
    const elsewhere = await confirm(placed, 'pm_card_threeDSecure2Required', { return_url: 'https://evil.example/steal' });
    expect(elsewhere.statusCode).toBe(400);
    expect((await orderRow(checkout.db, placed.order_id))?.status).toBe('awaiting_payment');
  });

  it('pays 200 concurrent checkouts, each once, with 200 distinct consecutive invoice numbers', async () => {
    const placedOrders = await Promise.all(Array.from({ length: 200 }, () => placeOrder(checkout, checkoutPayload(code))));
    const confirmations = await Promise.all(placedOrders.map((placed) => confirm(placed, 'pm_card_visa')));
    expect(confirmations.map((response) => response.statusCode)).toEqual(placedOrders.map(() => 200));
    const orders = await Promise.all(placedOrders.map((placed) => paidOrder(placed.order_id)));
    const numbers = orders.map((order) => invoiceSequence(order.invoice_number as string)).sort((a, b) => a - b);
    expect(new Set(numbers).size).toBe(200);
    expect(numbers.at(-1)).toBe((numbers[0] as number) + 199);
    const { rows } = await checkout.db.query(
      "SELECT count(*)::int AS n FROM outbox WHERE name = 'payment.succeeded' AND payload->>'orderId' = ANY($1::text[])",
      [placedOrders.map((placed) => placed.order_id)],
    );
    expect(rows[0].n).toBe(200);
  }, 60_000);
});

describe('with real Stripe keys', () => {
  it('has no simulated confirmation (404) and tells the page to use Stripe', async () => {
    const real = await startCheckout({
      STRIPE_SECRET_KEY: 'sk_test_not_used_here',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_for_the_page',
      STRIPE_WEBHOOK_SECRET: 'whsec_real_endpoint_secret',
    });
    try {
      expect((await real.app.inject({ url: '/checkout/config' })).json()).toEqual({
        mode: 'stripe',
        publishable_key: 'pk_test_for_the_page',
        test_cards: [],
      });
      const confirmation = await real.app.inject({
        method: 'POST',
        url: '/payments/simulated/confirm',
        payload: { payment_intent: 'pi_123', client_secret: 'pi_123_secret_x', payment_method: 'pm_card_visa' },
      });
      expect(confirmation.statusCode).toBe(404);
      expect((await real.app.inject({ url: '/payments/simulated/authenticate/pi_123' })).statusCode).toBe(404);
    } finally {
      await real.close();
    }
  });

  it('refuses to start with only some of the keys', async () => {
    await expect(startCheckout({ STRIPE_SECRET_KEY: 'sk_test_only_this_one' })).rejects.toThrow(/STRIPE_WEBHOOK_SECRET/);
    // Production asks for real payments: no keys is no start, rather than a shop that charges nobody.
    await expect(startCheckout({ STRIPE_REQUIRED: 'true' })).rejects.toThrow(/STRIPE_SECRET_KEY/);
  });
});
