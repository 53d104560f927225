import type { EventOf } from '@bracelet/contracts';
import { eventually } from '@bracelet/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WITHDRAWAL_RECEIVED } from '../src/routes/withdrawals/index.js';
import { withdrawalDeadlineOf } from '../src/withdrawal-period.js';
import { announceProduct, asParent, type Checkout, checkoutPayload, orderRow, placeOrder, startCheckout } from './helpers.js';

let checkout: Checkout;
let code: string;
beforeAll(async () => {
  checkout = await startCheckout({}, { listen: true });
  code = await announceProduct(checkout.db);
});
afterAll(() => checkout.close());

/** An order paid through the simulated provider, for this buyer. */
async function paidOrder(email: string) {
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

const withdraw = (body: Record<string, unknown>) =>
  checkout.app.inject({
    method: 'POST',
    url: '/withdrawals',
    payload: body,
    headers: { 'x-forwarded-for': `10.9.${Math.floor(Math.random() * 250)}.1` },
  });

async function withdrawalEvents(orderId: string): Promise<Array<EventOf<'order.withdrawal_requested'>>> {
  const { rows } = await checkout.db.query<{ payload: EventOf<'order.withdrawal_requested'> }>(
    "SELECT payload FROM outbox WHERE name = 'order.withdrawal_requested' AND payload->>'orderId' = $1 ORDER BY payload->>'occurredAt'",
    [orderId],
  );
  return rows.map((row) => row.payload);
}

const unique = (label: string) => `${label}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;

describe('the withdrawal button', () => {
  it('records a withdrawal for the paid order named with its buyer e-mail (any case), once, and announces it', async () => {
    const email = unique('retract');
    const placed = await paidOrder(email);
    const answer = await withdraw({ name: 'Camille Durand', order_number: placed.order_number.toLowerCase(), email: email.toUpperCase() });
    expect(answer.statusCode).toBe(202);
    expect(answer.json()).toEqual({ message: WITHDRAWAL_RECEIVED });
    const [event, ...others] = await withdrawalEvents(placed.order_id);
    expect(others).toEqual([]);
    expect(event).toMatchObject({ orderNumber: placed.order_number, customerEmail: email, customerName: 'Camille Durand', accepted: true });
    const { rows } = await checkout.db.query('SELECT withdrawal_requested_at FROM orders WHERE id = $1', [placed.order_id]);
    expect(rows[0].withdrawal_requested_at.toISOString()).toBe(event?.requestedAt);
    // Sent again at once: the same answer, no second acknowledgment.
    expect((await withdraw({ name: 'Camille Durand', order_number: placed.order_number, email })).statusCode).toBe(202);
    expect(await withdrawalEvents(placed.order_id)).toHaveLength(1);
  });

  it("shows the request on the parent's order", async () => {
    const parentId = globalThis.crypto.randomUUID();
    const email = unique('parent-retract');
    const placed = await placeOrder(
      checkout,
      checkoutPayload(code, { customer: { ...checkoutPayload(code).customer, email } }),
      asParent(parentId),
    );
    await checkout.app.inject({
      method: 'POST',
      url: '/payments/simulated/confirm',
      payload: { payment_intent: placed.payment_intent, client_secret: placed.client_secret, payment_method: 'pm_card_visa' },
    });
    await eventually(async () => ((await orderRow(checkout.db, placed.order_id))?.status === 'paid' ? true : undefined));
    const listed = async () =>
      (await checkout.app.inject({ url: `/get_orders_by_parent/${parentId}`, headers: asParent(parentId) })).json() as Array<{
        withdrawal_requested_at: string | null;
      }>;
    expect((await listed())[0]?.withdrawal_requested_at).toBeNull();
    await withdraw({ name: 'Camille Durand', order_number: placed.order_number, email });
    const [event] = await withdrawalEvents(placed.order_id);
    expect((await listed())[0]?.withdrawal_requested_at).toBe(event?.requestedAt);
  });

  it('answers the same for an unknown order or another address, and changes nothing', async () => {
    const email = unique('owner');
    const placed = await paidOrder(email);
    for (const body of [
      { name: 'Quelqu’un', order_number: placed.order_number, email: unique('stranger') },
      { name: 'Quelqu’un', order_number: 'BQ-999999999', email },
    ]) {
      const answer = await withdraw(body);
      expect(answer.statusCode).toBe(202);
      expect(answer.json()).toEqual({ message: WITHDRAWAL_RECEIVED });
    }
    expect(await withdrawalEvents(placed.order_id)).toEqual([]);
  });

  it('refuses as late after the period, and tells the buyer so', async () => {
    const email = unique('late');
    const placed = await paidOrder(email);
    await checkout.db.query("UPDATE orders SET paid_at = now() - interval '40 days' WHERE id = $1", [placed.order_id]);
    expect((await withdraw({ name: 'Camille Durand', order_number: placed.order_number, email })).statusCode).toBe(202);
    const [event] = await withdrawalEvents(placed.order_id);
    expect(event).toMatchObject({ accepted: false });
    const { rows } = await checkout.db.query('SELECT withdrawal_requested_at FROM orders WHERE id = $1', [placed.order_id]);
    expect(rows[0].withdrawal_requested_at).toBeNull();
  });

  it('refuses bad input in French, field by field', async () => {
    const answer = await withdraw({ name: ' ', order_number: 'DROP TABLE', email: 'pas-une-adresse' });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().error.fields).toMatchObject({
      name: ['Votre nom est obligatoire.'],
      order_number: ['Numéro de commande invalide (par exemple BQ-001234).'],
      email: ['Adresse e-mail invalide.'],
    });
  });
});

describe('the withdrawal period', () => {
  it('runs to the end of the 14th day after the 7th working day from payment', () => {
    // Paid on Friday 6 November 2026: the 7th working day is Tuesday 17 November; + 14 days: 1 December.
    expect(withdrawalDeadlineOf(new Date('2026-11-06T10:00:00Z')).toISOString()).toBe('2026-12-01T23:59:59.000Z');
    // Paid on a Sunday: working days start on Monday (Mon 9 … Tue 17 is the 7th); + 14: 1 December.
    expect(withdrawalDeadlineOf(new Date('2026-11-08T22:00:00Z')).toISOString()).toBe('2026-12-01T23:59:59.000Z');
  });
});
