import { createEvent, type EventOf } from '@bracelet/contracts';
import { encodeIdentity } from '@bracelet/service-kit';
import { buildServiceForTest, runHandler } from '@bracelet/service-kit/testing';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { configSchema } from '../src/config.js';
import { fulfilmentEventHandlers } from '../src/events/handlers.js';
import { mintBracelets } from '../src/use-cases/mint-bracelets.js';

const SECRET = 'fulfilment-test-identity-secret-000000';
const staffId = globalThis.crypto.randomUUID();
const asStaff = { 'x-identity': encodeIdentity({ accountId: staffId, role: 'staff' }, SECRET) };
const asParent = { 'x-identity': encodeIdentity({ accountId: globalThis.crypto.randomUUID(), role: 'parent' }, SECRET) };

let service: Awaited<ReturnType<typeof start>>;
const start = () =>
  buildServiceForTest({
    name: 'fulfilment',
    configSchema,
    buildApp,
    env: {
      DATABASE_URL: inject('integration').serviceUrls.fulfilment,
      DATABASE_SCHEMA: 'fulfilment',
      REDIS_URL: inject('integration').redisUrl,
      IDENTITY_SECRET: SECRET,
    },
  });
beforeAll(async () => {
  service = await start();
});
afterAll(() => service.close());

const buyer = globalThis.crypto.randomUUID();
let counter = 0;

/** A paid order holding `braceletIds` (as preparation leaves it), with a withdrawal the buyer made. */
async function preparedOrderWithWithdrawal(braceletIds: string[]) {
  counter += 1;
  const orderId = globalThis.crypto.randomUUID();
  const orderNumber = `BQ-R${Date.now().toString(36).toUpperCase()}${counter}`;
  await service.db.query(
    `INSERT INTO orders (id, order_number, status, parent_id, customer, lines, delivery_method, carrier, shipping_address, paid_at, quantity)
     VALUES ($1, $2, 'prepared', $3, '{}', '[]', 'standard', 'laposte', '{}', now(), $4)`,
    [orderId, orderNumber, buyer, braceletIds.length],
  );
  await service.db.query('INSERT INTO preparation_lines (bracelet_id, order_id, added_by) SELECT unnest($1::text[]), $2, $3', [
    braceletIds,
    orderId,
    staffId,
  ]);
  await runHandler(
    service.db,
    fulfilmentEventHandlers,
    createEvent('order.withdrawal_requested', {
      orderId,
      orderNumber,
      customerEmail: 'camille@example.com',
      customerName: 'Camille Martin',
      requestedAt: new Date().toISOString(),
      accepted: true,
      deadline: new Date(Date.now() + 86_400_000).toISOString(),
    }),
  );
  return { orderId, orderNumber };
}

const refunded = (order: { orderId: string; orderNumber: string }, amountCents = 8588) =>
  createEvent('payment.refunded', {
    orderId: order.orderId,
    orderNumber: order.orderNumber,
    parentId: buyer,
    customerEmail: 'camille@example.com',
    customerFirstName: 'Camille',
    refundId: 're_test',
    amountCents,
    paidCents: 8588,
    currency: 'eur',
    refundedAt: '2026-11-22T10:00:00.000Z',
  });

const associated = (braceletId: string) =>
  createEvent('bracelet.associated', {
    braceletId,
    parent: { id: buyer, email: 'camille@example.com', firstName: 'Camille' },
    child: { id: globalThis.crypto.randomUUID(), firstName: 'Léa', surname: null, birthDate: null, photo: null },
    emergencyContact: { firstName: 'Paul', surname: 'Martin', phone: '+33612345678', relationship: 'Père', photo: null },
  });

const linesOf = async (orderId: string) =>
  (
    await service.db.query<{ bracelet_id: string }>('SELECT bracelet_id FROM preparation_lines WHERE order_id = $1 ORDER BY 1', [orderId])
  ).rows.map((row) => row.bracelet_id);
const restockEvents = async (orderId: string) =>
  (
    await service.db.query<{ payload: EventOf<'bracelets.restocked'> }>(
      "SELECT payload FROM outbox WHERE name = 'bracelets.restocked' AND payload->>'orderId' = $1",
      [orderId],
    )
  ).rows.map((row) => row.payload);

describe('withdrawals and refunds in fulfilment', () => {
  it('puts back in stock only the bracelets of a refunded order that were never configured, once', async () => {
    const [never, configuredNow, configuredOnce] = (await mintBracelets(service.db, { count: 3, label: `refund-${Date.now()}` })) as [
      string,
      string,
      string,
    ];
    const order = await preparedOrderWithWithdrawal([never, configuredNow, configuredOnce]);
    await runHandler(service.db, fulfilmentEventHandlers, associated(configuredNow));
    await runHandler(service.db, fulfilmentEventHandlers, associated(configuredOnce));
    await runHandler(service.db, fulfilmentEventHandlers, createEvent('bracelet.reset', { braceletId: configuredOnce, parentId: buyer }));

    await runHandler(service.db, fulfilmentEventHandlers, refunded(order));
    expect(await linesOf(order.orderId)).toEqual([configuredNow, configuredOnce].sort());
    const { rows: stock } = await service.db.query('SELECT bracelet_id, order_id FROM restocked_bracelets WHERE order_id = $1', [
      order.orderId,
    ]);
    expect(stock).toEqual([{ bracelet_id: never, order_id: order.orderId }]);
    expect((await restockEvents(order.orderId)).map((event) => [event.braceletIds, event.parentId])).toEqual([[[never], buyer]]);

    // The same refund announced again (another event id): nothing more is restocked or announced.
    await runHandler(service.db, fulfilmentEventHandlers, refunded(order));
    expect(await restockEvents(order.orderId)).toHaveLength(1);
    const { rows } = await service.db.query('SELECT refunded_at, refunded_cents FROM withdrawals WHERE order_id = $1', [order.orderId]);
    expect(rows).toEqual([{ refunded_at: new Date('2026-11-22T10:00:00.000Z'), refunded_cents: 8588 }]);
  });

  it('announces nothing when every bracelet of the refunded order was configured', async () => {
    const [only] = (await mintBracelets(service.db, { count: 1, label: `refund-${Date.now()}` })) as [string];
    const order = await preparedOrderWithWithdrawal([only]);
    await runHandler(service.db, fulfilmentEventHandlers, associated(only));
    await runHandler(service.db, fulfilmentEventHandlers, refunded(order));
    expect(await linesOf(order.orderId)).toEqual([only]);
    expect(await restockEvents(order.orderId)).toEqual([]);
  });

  it('lists withdrawals for staff, marks a return received once, and refuses anyone else', async () => {
    const order = await preparedOrderWithWithdrawal([]);
    const url = `/withdrawal_returns/${order.orderId}/received`;
    for (const call of [
      { method: 'GET' as const, url: '/withdrawal_returns' },
      { method: 'POST' as const, url },
    ]) {
      expect((await service.app.inject(call)).statusCode).toBe(401);
      expect((await service.app.inject({ ...call, headers: asParent })).statusCode).toBe(403);
    }
    const first = await service.app.inject({ method: 'POST', url, headers: asStaff });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ order_id: order.orderId, order_number: order.orderNumber, accepted: true, refunded_at: null });
    const received = first.json().return_received_at as string;
    expect(Date.parse(received)).not.toBeNaN();
    const again = await service.app.inject({ method: 'POST', url, headers: asStaff });
    expect(again.json().return_received_at).toBe(received);

    const list = await service.app.inject({ method: 'GET', url: '/withdrawal_returns', headers: asStaff });
    expect(list.json().find((row: { order_id: string }) => row.order_id === order.orderId)).toMatchObject({ return_received_at: received });
    const unknown = await service.app.inject({
      method: 'POST',
      url: `/withdrawal_returns/${globalThis.crypto.randomUUID()}/received`,
      headers: asStaff,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe('Aucune rétractation pour cette commande.');
  });
});
