import { randomUUID } from 'node:crypto';
import { encodeIdentity } from '@bracelet/service-kit';
import { buildServiceForTest } from '@bracelet/service-kit/testing';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { configSchema } from '../src/config.js';

const { serviceUrls, redisUrl } = inject('integration');
const secret = 'checkout-test-identity-secret-0000000';
const checkout = await buildServiceForTest({
  name: 'checkout',
  configSchema,
  buildApp,
  env: { DATABASE_URL: serviceUrls.checkout, DATABASE_SCHEMA: 'checkout', REDIS_URL: redisUrl, IDENTITY_SECRET: secret },
});
const { app, db } = checkout;
afterAll(() => checkout.close());

describe('GET /get_orders_by_parent/{id}', () => {
  it("answers the parent's own orders, and refuses another parent and an anonymous caller", async () => {
    const owner = randomUUID();
    const other = randomUUID();
    const orderId = randomUUID();
    await db.query("INSERT INTO orders (id, parent_id, status) VALUES ($1, $2, 'shipped')", [orderId, owner]);
    const own = await app.inject({
      url: `/get_orders_by_parent/${owner}`,
      headers: { 'x-identity': encodeIdentity({ accountId: owner, role: 'parent' }, secret) },
    });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual([
      {
        id: orderId,
        id_order: orderId,
        order_number: expect.stringMatching(/^BQ-\d{6}$/),
        status: 'shipped',
        order_datetime: expect.any(String),
        contenu: [],
        invoice_url: null,
        withdrawal_until: null,
        withdrawal_requested_at: null,
        refunded_at: null,
        refunded_amount: null,
      },
    ]);
    const foreign = await app.inject({
      url: `/get_orders_by_parent/${owner}`,
      headers: { 'x-identity': encodeIdentity({ accountId: other, role: 'parent' }, secret) },
    });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.body).not.toContain(orderId);
    expect((await app.inject({ url: `/get_orders_by_parent/${owner}` })).statusCode).toBe(401);
  });

  it('lists paid orders with their lines, never an attempt still awaiting payment', async () => {
    const owner = randomUUID();
    const paid = randomUUID();
    const unpaid = randomUUID();
    await db.query(
      "INSERT INTO orders (id, parent_id, status, paid_at) VALUES ($1, $3, 'paid', now()), ($2, $3, 'awaiting_payment', NULL)",
      [paid, unpaid, owner],
    );
    await db.query(
      `INSERT INTO order_lines (order_id, position, code, product_name, colour_slug, colour_name, quantity, unit_price_cents, total_cents)
       VALUES ($1, 0, 'BRACELET_CORDE', 'Bracelet en corde', 'sable', 'Sable', 2, 3999, 7998)`,
      [paid],
    );
    const answer = await app.inject({
      url: `/get_orders_by_parent/${owner}`,
      headers: { 'x-identity': encodeIdentity({ accountId: owner, role: 'parent' }, secret) },
    });
    expect(answer.json()).toEqual([
      {
        id: paid,
        id_order: paid,
        order_number: expect.stringMatching(/^BQ-\d{6}$/),
        status: 'paid',
        order_datetime: expect.any(String),
        contenu: [{ name: 'Bracelet en corde', color: 'Sable', quantity: 2 }],
        invoice_url: null,
        withdrawal_until: null,
        withdrawal_requested_at: null,
        refunded_at: null,
        refunded_amount: null,
      },
    ]);
  });
});
