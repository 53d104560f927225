import type { EventOf } from '@bracelet/contracts';
import { encodeIdentity } from '@bracelet/service-kit';
import { eventually } from '@bracelet/service-kit/testing';
import { SIMULATED_SECRET_KEY } from '@bracelet/stripe-fake';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  announceProduct,
  asParent,
  type Checkout,
  checkoutPayload,
  deliverWebhook,
  IDENTITY_SECRET,
  orderRow,
  placeOrder,
  startCheckout,
} from './helpers.js';

// Refunds through the same simulated path as payments: checkout's own Stripe fake, reached by the
// real SDK's refunds.create.
let checkout: Checkout;
let code: string;
beforeAll(async () => {
  checkout = await startCheckout({}, { listen: true, poolSize: 12 });
  code = await announceProduct(checkout.db);
});
afterAll(() => checkout.close());

const staffId = globalThis.crypto.randomUUID();
const asStaff = { 'x-identity': encodeIdentity({ accountId: staffId, role: 'staff' }, IDENTITY_SECRET) };

async function paidOrder(email = 'camille.durand@example.com') {
  const placed = await placeOrder(checkout, checkoutPayload(code, { customer: { ...checkoutPayload(code).customer, email } }));
  const confirmed = await checkout.app.inject({
    method: 'POST',
    url: '/payments/simulated/confirm',
    payload: { payment_intent: placed.payment_intent, client_secret: placed.client_secret, payment_method: 'pm_card_visa' },
  });
  expect(confirmed.statusCode).toBe(200);
  await eventually(async () => ((await orderRow(checkout.db, placed.order_id))?.status === 'paid' ? true : undefined));
  return placed;
}

const refund = (orderId: string, headers: Record<string, string> = asStaff, payload: object = {}) =>
  checkout.app.inject({ method: 'POST', url: `/orders/${orderId}/refund`, headers, payload });

const refundEvents = async (orderId: string) =>
  (
    await checkout.db.query<{ payload: EventOf<'payment.refunded'> }>(
      "SELECT payload FROM outbox WHERE name = 'payment.refunded' AND payload->>'orderId' = $1",
      [orderId],
    )
  ).rows.map((row) => row.payload);

describe('refunds (staff, through the payment provider)', () => {
  it("shows the refund on the parent's order", async () => {
    const parentId = globalThis.crypto.randomUUID();
    const placed = await placeOrder(checkout, checkoutPayload(code), asParent(parentId));
    await checkout.app.inject({
      method: 'POST',
      url: '/payments/simulated/confirm',
      payload: { payment_intent: placed.payment_intent, client_secret: placed.client_secret, payment_method: 'pm_card_visa' },
    });
    await eventually(async () => ((await orderRow(checkout.db, placed.order_id))?.status === 'paid' ? true : undefined));
    const listed = async () =>
      (
        (await checkout.app.inject({ url: `/get_orders_by_parent/${parentId}`, headers: asParent(parentId) })).json() as Array<{
          refunded_at: string | null;
          refunded_amount: number | null;
        }>
      )[0];
    expect(await listed()).toMatchObject({ refunded_at: null, refunded_amount: null });
    expect((await refund(placed.order_id)).statusCode).toBe(200);
    expect(await listed()).toMatchObject({ refunded_at: expect.any(String), refunded_amount: placed.total_amount });
  });

  it('refunds a paid order in full through Stripe and writes payment.refunded with the refunded order', async () => {
    const placed = await paidOrder('rembourse@example.com');
    const response = await refund(placed.order_id);
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json();
    expect(answer).toMatchObject({
      order_id: placed.order_id,
      order_number: placed.order_number,
      amount_cents: placed.amounts_cents.total,
    });
    expect(answer.refund_id).toMatch(/^re_/);
    const { rows } = await checkout.db.query('SELECT refund_id, refunded_cents, refunded_by FROM orders WHERE id = $1', [placed.order_id]);
    expect(rows[0]).toEqual({ refund_id: answer.refund_id, refunded_cents: placed.amounts_cents.total, refunded_by: staffId });
    const [event, ...more] = await refundEvents(placed.order_id);
    expect(more).toEqual([]);
    expect(event).toMatchObject({
      orderNumber: placed.order_number,
      customerEmail: 'rembourse@example.com',
      customerFirstName: 'Camille',
      refundId: answer.refund_id,
      amountCents: placed.amounts_cents.total,
      paidCents: placed.amounts_cents.total,
      parentId: null,
    });
  });

  it('refunds once however often staff click, even two clicks at the same time', async () => {
    const placed = await paidOrder();
    const answers = await Promise.all([refund(placed.order_id), refund(placed.order_id), refund(placed.order_id)]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((answer) => answer.json().refund_id)).size).toBe(1);
    const later = await refund(placed.order_id);
    expect(later.json().refund_id).toBe(answers[0]?.json().refund_id);
    // Stripe's refund.created for the same refund lands too: still one event, still this staff member's refund.
    await checkout.payments.fake?.webhooksSettled();
    expect(await refundEvents(placed.order_id)).toHaveLength(1);
    const { rows } = await checkout.db.query('SELECT refunded_by FROM orders WHERE id = $1', [placed.order_id]);
    expect(rows[0]?.refunded_by).toBe(staffId);
  });

  it('refunds part of an order when staff give an amount, never more than was paid', async () => {
    const placed = await paidOrder();
    const tooMuch = await refund(placed.order_id, asStaff, { amount_cents: placed.amounts_cents.total + 1 });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().error.message).toBe('Le remboursement ne peut pas dépasser les 45,89 € payés.');
    const part = await refund(placed.order_id, asStaff, { amount_cents: 3999 });
    expect(part.json().amount_cents).toBe(3999);
    expect((await refundEvents(placed.order_id))[0]).toMatchObject({ amountCents: 3999, paidCents: placed.amounts_cents.total });
  });

  it('refuses an unpaid order (409), an unknown one (404), and anyone but staff (401, 403) without refunding', async () => {
    const unpaid = await placeOrder(checkout, checkoutPayload(code));
    const notPaid = await refund(unpaid.order_id);
    expect(notPaid.statusCode).toBe(409);
    expect(notPaid.json().error.message).toBe(`La commande ${unpaid.order_number} n’a pas été payée : il n’y a rien à rembourser.`);
    expect((await refund(globalThis.crypto.randomUUID())).statusCode).toBe(404);

    const placed = await paidOrder();
    expect((await checkout.app.inject({ method: 'POST', url: `/orders/${placed.order_id}/refund`, payload: {} })).statusCode).toBe(401);
    expect((await refund(placed.order_id, asParent(globalThis.crypto.randomUUID()))).statusCode).toBe(403);
    expect(await refundEvents(placed.order_id)).toEqual([]);
    expect(await refundEvents(unpaid.order_id)).toEqual([]);
  });

  it('records a refund made outside the back office from Stripe’s signed refund.created webhook, once', async () => {
    const placed = await paidOrder('tableau-de-bord@example.com');
    const fake = checkout.payments.fake as NonNullable<Checkout['payments']['fake']>;
    // As from Stripe's dashboard: no order in the metadata, only the PaymentIntent.
    const stripe = new Stripe(SIMULATED_SECRET_KEY, { host: fake.host, port: fake.port, protocol: 'http', maxNetworkRetries: 0 });
    const made = await stripe.refunds.create({ payment_intent: placed.payment_intent, amount: 1000 });
    const [event] = await eventually(async () => {
      const events = await refundEvents(placed.order_id);
      return events.length > 0 ? events : undefined;
    });
    expect(event).toMatchObject({ refundId: made.id, amountCents: 1000, customerEmail: 'tableau-de-bord@example.com' });
    const { rows } = await checkout.db.query('SELECT refund_id, refunded_by FROM orders WHERE id = $1', [placed.order_id]);
    expect(rows[0]).toEqual({ refund_id: made.id, refunded_by: null });

    // The same refund announced again under another event id, and staff clicking afterwards: nothing more.
    const again = await deliverWebhook(checkout, {
      id: `evt_again_${Date.now()}`,
      object: 'event',
      api_version: '2026-10-28.endive',
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type: 'refund.created',
      data: { object: { ...made } },
    });
    expect(again.statusCode).toBe(200);
    expect((await refund(placed.order_id)).json().refund_id).toBe(made.id);
    await fake.webhooksSettled();
    expect(await refundEvents(placed.order_id)).toHaveLength(1);
  });
});
