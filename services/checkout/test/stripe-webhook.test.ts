import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  announceProduct,
  asParent,
  type Checkout,
  checkoutPayload,
  deliverWebhook,
  invoiceSequence,
  orderRow,
  type PlacedAnswer,
  paymentSucceededEvents,
  placeOrder,
  startCheckout,
  stripeEvent,
} from './helpers.js';

// Webhooks are delivered here by the test, signed as Stripe signs them; this checkout does not
// listen, so its fake's own deliveries never arrive.
let checkout: Checkout;
let code: string;
beforeAll(async () => {
  checkout = await startCheckout();
  code = await announceProduct(checkout.db);
});
afterAll(() => checkout.close());

const intentOf = (placed: PlacedAnswer, amount = placed.amounts_cents.total) => ({
  id: placed.payment_intent,
  amount,
  metadata: { order_id: placed.order_id, order_number: placed.order_number },
});
const succeeded = (placed: PlacedAnswer, amount?: number) => stripeEvent('payment_intent.succeeded', intentOf(placed, amount));
const failed = (placed: PlacedAnswer) =>
  stripeEvent('payment_intent.payment_failed', intentOf(placed), {
    type: 'card_error',
    code: 'card_declined',
    decline_code: 'generic_decline',
  });
const status = (placed: PlacedAnswer, query = `?client_secret=${encodeURIComponent(placed.client_secret)}`, headers = {}) =>
  checkout.app.inject({ url: `/checkout/orders/${placed.order_id}/status${query}`, headers });

describe('POST /stripe/webhook', () => {
  it('pays an order once, however often and in whatever order Stripe delivers: one payment.succeeded, one invoice number', async () => {
    const parent = randomUUID();
    const relayPoint = { ID: '075002', Nom: 'Librairie du Pont', Adresse1: '8 rue du Pont', CP: '75001', Ville: 'Paris' };
    const placed = await placeOrder(
      checkout,
      checkoutPayload(code, { shipping_method: 'mondialrelay', relay_point: relayPoint }, 2),
      asParent(parent),
    );
    const created = stripeEvent('payment_intent.created', { ...intentOf(placed), status: 'requires_payment_method', amount_received: 0 });
    const paid = succeeded(placed);
    const declined = failed(placed);
    // succeeded before created, a failure after success, and each delivered three times, some at once.
    for (const event of [paid, created, declined]) {
      const answers = await Promise.all([deliverWebhook(checkout, event), deliverWebhook(checkout, event)]);
      answers.push(await deliverWebhook(checkout, event));
      for (const answer of answers) expect(answer.statusCode).toBe(200);
    }
    const order = await orderRow(checkout.db, placed.order_id);
    expect(order).toMatchObject({
      status: 'paid',
      last_payment_error: null,
      invoice_number: expect.stringMatching(/^T[0-9A-F]{6}\d{4}-\d{6}$/),
    });
    const events = await paymentSucceededEvents(checkout.db, placed.order_id);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      orderId: placed.order_id,
      orderNumber: placed.order_number,
      invoiceNumber: order?.invoice_number,
      parentId: parent,
      customer: { email: 'camille.durand@example.com', firstName: 'Camille', lastName: 'Durand', phone: null, city: 'Lyon' },
      lines: [
        {
          code,
          productName: 'Bracelet en corde',
          color: 'bleu',
          colourName: 'Bleu marine',
          quantity: 2,
          unitPriceCents: 3999,
          totalCents: 7998,
        },
      ],
      delivery: {
        method: 'relay',
        carrier: 'mondialrelay',
        relayPoint: {
          id: '075002',
          name: 'Librairie du Pont',
          address: '8 rue du Pont',
          postalCode: '75001',
          city: 'Paris',
          country: 'FR',
        },
      },
      goodsCents: 7998,
      shippingCents: 0,
      totalCents: 7998,
      currency: 'eur',
      paymentIntentId: placed.payment_intent,
    });
    const { rows } = await checkout.db.query('SELECT id, outcome FROM stripe_events WHERE payment_intent_id = $1 ORDER BY received_at', [
      placed.payment_intent,
    ]);
    expect(rows.map((row) => [row.id, row.outcome])).toEqual([
      [paid.id, 'paid'],
      [created.id, 'ignored'],
      [declined.id, 'ignored'],
    ]);
    expect((await status(placed)).json()).toMatchObject({
      status: 'paid',
      paid: true,
      invoice_number: order?.invoice_number,
      total_amount: 79.98,
    });
  });

  it('refuses a bad signature with a 400 and changes nothing', async () => {
    const placed = await placeOrder(checkout, checkoutPayload(code));
    const event = succeeded(placed);
    const forged = await deliverWebhook(checkout, event, 'whsec_not_the_right_secret');
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toEqual({ error: { code: 'invalid_signature', message: 'Signature du webhook invalide.' } });
    const unsigned = await checkout.app.inject({
      method: 'POST',
      url: '/stripe/webhook',
      payload: JSON.stringify(event),
      headers: { 'content-type': 'application/json' },
    });
    expect(unsigned.statusCode).toBe(400);
    // The right signature over other bytes: the body was changed after signing.
    const signedThenChanged = await checkout.app.inject({
      method: 'POST',
      url: '/stripe/webhook',
      payload: JSON.stringify(event).replace(`"amount":${placed.amounts_cents.total}`, '"amount":1'),
      headers: {
        'content-type': 'application/json',
        'stripe-signature': (await import('stripe')).default.webhooks.generateTestHeaderString({
          payload: JSON.stringify(event),
          secret: (await import('@bracelet/stripe-fake')).SIMULATED_WEBHOOK_SECRET,
        }),
      },
    });
    expect(signedThenChanged.statusCode).toBe(400);
    expect(await orderRow(checkout.db, placed.order_id)).toMatchObject({ status: 'awaiting_payment', invoice_number: null });
    expect(await paymentSucceededEvents(checkout.db, placed.order_id)).toEqual([]);
    const { rows } = await checkout.db.query('SELECT 1 FROM stripe_events WHERE id = $1', [event.id]);
    expect(rows).toEqual([]);
    // The genuine delivery still works afterwards.
    expect((await deliverWebhook(checkout, event)).statusCode).toBe(200);
    expect((await orderRow(checkout.db, placed.order_id))?.status).toBe('paid');
  });

  it('gives three orders paid in a row consecutive invoice numbers', async () => {
    const numbers: number[] = [];
    for (let i = 0; i < 3; i++) {
      const placed = await placeOrder(checkout, checkoutPayload(code));
      expect((await deliverWebhook(checkout, succeeded(placed))).statusCode).toBe(200);
      numbers.push(invoiceSequence((await orderRow(checkout.db, placed.order_id))?.invoice_number as string));
    }
    expect(numbers).toEqual([numbers[0], (numbers[0] as number) + 1, (numbers[0] as number) + 2]);
  });

  it('leaves an order unpaid after a payment failure, with the reason for the buyer; a later success pays it', async () => {
    const placed = await placeOrder(checkout, checkoutPayload(code));
    expect((await deliverWebhook(checkout, failed(placed))).statusCode).toBe(200);
    expect(await orderRow(checkout.db, placed.order_id)).toMatchObject({ status: 'awaiting_payment', invoice_number: null });
    expect((await status(placed)).json()).toMatchObject({
      status: 'awaiting_payment',
      paid: false,
      payment_error: 'Votre carte a été refusée. Essayez une autre carte.',
    });
    expect(await paymentSucceededEvents(checkout.db, placed.order_id)).toEqual([]);
    await deliverWebhook(checkout, succeeded(placed));
    expect((await status(placed)).json()).toMatchObject({ status: 'paid', paid: true, payment_error: null });
  });

  it('flags an order whose payment does not match its amount or currency, for staff, and does not fulfil it', async () => {
    const short = await placeOrder(checkout, checkoutPayload(code));
    expect((await deliverWebhook(checkout, succeeded(short, 100))).statusCode).toBe(200);
    expect(await orderRow(checkout.db, short.order_id)).toMatchObject({ status: 'payment_mismatch', invoice_number: null });
    expect(await paymentSucceededEvents(checkout.db, short.order_id)).toEqual([]);
    // A later genuine-looking success changes nothing: staff decide.
    await deliverWebhook(checkout, succeeded(short));
    expect((await orderRow(checkout.db, short.order_id))?.status).toBe('payment_mismatch');

    const dollars = await placeOrder(checkout, checkoutPayload(code));
    const inUsd = stripeEvent('payment_intent.succeeded', { ...intentOf(dollars), currency: 'usd' });
    await deliverWebhook(checkout, inUsd);
    expect(await orderRow(checkout.db, dollars.order_id)).toMatchObject({ status: 'payment_mismatch', invoice_number: null });
    const { rows } = await checkout.db.query('SELECT received_amount_cents, received_currency FROM orders WHERE id = $1', [
      dollars.order_id,
    ]);
    expect(rows[0]).toEqual({ received_amount_cents: dollars.amounts_cents.total, received_currency: 'usd' });
  });

  it('ignores events of another integration and types it does not use, answering 200 so Stripe stops', async () => {
    const foreign = stripeEvent('payment_intent.succeeded', { id: 'pi_someoneelse', amount: 1000 });
    expect((await deliverWebhook(checkout, foreign)).statusCode).toBe(200);
    const charge = { ...stripeEvent('charge.succeeded', { id: 'pi_x', amount: 1 }), data: { object: { object: 'charge', id: 'ch_1' } } };
    expect((await deliverWebhook(checkout, charge)).statusCode).toBe(200);
  });
});

describe('GET /checkout/orders/{id}/status', () => {
  it("answers the order's parent and whoever holds the client secret; anyone else gets the same 404 as an unknown order", async () => {
    const parent = randomUUID();
    const placed = await placeOrder(checkout, checkoutPayload(code), asParent(parent));
    expect((await status(placed)).json()).toMatchObject({
      order_id: placed.order_id,
      order_number: placed.order_number,
      status: 'awaiting_payment',
    });
    expect((await status(placed, '', asParent(parent))).statusCode).toBe(200);
    const refusals = [
      await status(placed, ''),
      await status(placed, '', asParent(randomUUID())),
      await status(placed, '?client_secret=pi_x_secret_wrong'),
      await checkout.app.inject({ url: `/checkout/orders/${randomUUID()}/status?client_secret=${placed.client_secret}` }),
    ];
    for (const refusal of refusals) {
      expect(refusal.statusCode).toBe(404);
      expect(refusal.json()).toEqual({ error: { code: 'not_found', message: 'Commande introuvable.' } });
    }
  });
});
