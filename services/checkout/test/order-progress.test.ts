import { randomUUID } from 'node:crypto';
import { createEvent } from '@bracelet/contracts';
import { encodeIdentity } from '@bracelet/service-kit';
import { buildServiceForTest, runHandler } from '@bracelet/service-kit/testing';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { configSchema } from '../src/config.js';
import { checkoutEventHandlers } from '../src/events/handlers.js';

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

const statusSeenBy = async (parentId: string) => {
  const answer = await app.inject({
    url: `/get_orders_by_parent/${parentId}`,
    headers: { 'x-identity': encodeIdentity({ accountId: parentId, role: 'parent' }, secret) },
  });
  return answer.json()[0]?.status;
};
const shipped = (orderId: string, parentId: string) =>
  createEvent('order.shipped', {
    orderId,
    orderNumber: 'BQ-000001',
    parentId,
    customerEmail: 'camille@example.com',
    customerName: 'Camille Martin',
    shipmentId: '6A12345678901',
    carrier: 'laposte',
    trackingNumber: '6A12345678901',
    destinationPostalCode: '69003',
  });

describe('the buyer’s order follows the warehouse', () => {
  it('goes paid → prepared → shipped on fulfilment’s events, and never back', async () => {
    const parentId = randomUUID();
    const orderId = randomUUID();
    await db.query("INSERT INTO orders (id, parent_id, status, paid_at) VALUES ($1, $2, 'paid', now())", [orderId, parentId]);
    expect(await statusSeenBy(parentId)).toBe('paid');
    const prepared = createEvent('order.prepared', { orderId, parentId, braceletIds: [] });
    await runHandler(db, checkoutEventHandlers, prepared);
    expect(await statusSeenBy(parentId)).toBe('prepared');
    await runHandler(db, checkoutEventHandlers, shipped(orderId, parentId));
    expect(await statusSeenBy(parentId)).toBe('shipped');
    // A late or repeated preparation changes nothing.
    await runHandler(db, checkoutEventHandlers, createEvent('order.prepared', { orderId, parentId, braceletIds: [] }));
    expect(await statusSeenBy(parentId)).toBe('shipped');
  });

  it('never marks an order that was not paid', async () => {
    const parentId = randomUUID();
    const orderId = randomUUID();
    await db.query("INSERT INTO orders (id, parent_id, status) VALUES ($1, $2, 'payment_mismatch')", [orderId, parentId]);
    await runHandler(db, checkoutEventHandlers, shipped(orderId, parentId));
    const { rows } = await db.query('SELECT status FROM orders WHERE id = $1', [orderId]);
    expect(rows).toEqual([{ status: 'payment_mismatch' }]);
  });
});
