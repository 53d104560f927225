import { createEvent, type EventOf } from '@bracelet/contracts';
import { encodeIdentity } from '@bracelet/service-kit';
import { buildServiceForTest, runHandler } from '@bracelet/service-kit/testing';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { configSchema } from '../src/config.js';
import { fulfilmentEventHandlers } from '../src/events/handlers.js';
import { braceletIdOfScan } from '../src/scanned-code.js';
import { mintBracelets } from '../src/use-cases/mint-bracelets.js';

const SECRET = 'fulfilment-test-identity-secret-000000';
const PUBLIC_URL = 'https://bracelets.test';
const staffId = globalThis.crypto.randomUUID();
const asStaff = { 'x-identity': encodeIdentity({ accountId: staffId, role: 'staff' }, SECRET) };
const asParent = { 'x-identity': encodeIdentity({ accountId: globalThis.crypto.randomUUID(), role: 'parent' }, SECRET) };

let service: Awaited<ReturnType<typeof start>>;
const start = () =>
  buildServiceForTest({
    name: 'fulfilment',
    configSchema,
    buildApp,
    poolSize: 8,
    env: {
      DATABASE_URL: inject('integration').serviceUrls.fulfilment,
      DATABASE_SCHEMA: 'fulfilment',
      REDIS_URL: inject('integration').redisUrl,
      IDENTITY_SECRET: SECRET,
      PUBLIC_URL,
    },
  });
beforeAll(async () => {
  service = await start();
});
afterAll(() => service.close());

let counter = 0;
const uniqueNumber = () => {
  counter += 1;
  return `BQ-T${Date.now().toString(36).toUpperCase()}${counter}`;
};

/** A paid order of `quantity` bracelets (in two lines when more than one), recorded as fulfilment records it. */
async function paidOrder(quantity: number, overrides: Partial<EventOf<'payment.succeeded'>> = {}) {
  const line = (colour: string, colourName: string, count: number) => ({
    code: 'BRACELET_CORDE',
    productName: 'Bracelet en corde',
    color: colour,
    colourName,
    quantity: count,
    unitPriceCents: 3999,
    totalCents: 3999 * count,
  });
  const lines = quantity > 1 ? [line('orange', 'Orange', quantity - 1), line('sable', 'Sable', 1)] : [line('sable', 'Sable', 1)];
  const event = createEvent('payment.succeeded', {
    orderId: globalThis.crypto.randomUUID(),
    orderNumber: uniqueNumber(),
    invoiceNumber: 'F2026-000001',
    parentId: globalThis.crypto.randomUUID(),
    customer: {
      email: 'camille@example.com',
      firstName: 'Camille',
      lastName: 'Martin',
      phone: null,
      address: '12 rue des Lilas',
      postalCode: '69003',
      city: 'Lyon',
      country: 'France',
    },
    lines,
    delivery: {
      method: 'standard',
      carrier: 'laposte',
      address: { address: '12 rue des Lilas', postalCode: '69003', city: 'Lyon', country: 'France' },
    },
    goodsCents: 3999 * quantity,
    shippingCents: 590,
    totalCents: 3999 * quantity + 590,
    currency: 'eur',
    paymentIntentId: 'pi_test',
    paidAt: new Date().toISOString(),
    ...overrides,
  });
  await runHandler(service.db, fulfilmentEventHandlers, event);
  return event;
}

const mint = (count: number) => mintBracelets(service.db, { count, label: `test-${globalThis.crypto.randomUUID()}` });

const add = (orderId: string, code: string, headers: Record<string, string> = asStaff) =>
  service.app.inject({ method: 'POST', url: `/orders/${orderId}/add_bracelet`, headers, payload: { bracelet_id: code } });
const setStatus = (orderId: string, body: Record<string, unknown>, headers: Record<string, string> = asStaff) =>
  service.app.inject({ method: 'POST', url: `/orders/${orderId}/status`, headers, payload: body });
const outboxOf = async (name: string, orderId: string) =>
  (await service.db.query("SELECT payload FROM outbox WHERE name = $1 AND payload->>'orderId' = $2", [name, orderId])).rows.map(
    (row) => row.payload,
  );

describe('the back office is for staff only', () => {
  it('refuses anonymous callers (401) and parents (403) on every call, and changes nothing', async () => {
    const order = await paidOrder(1);
    const [bracelet] = await mint(1);
    const calls = [
      { method: 'GET', url: '/orders' },
      { method: 'GET', url: `/orders/${order.orderId}` },
      { method: 'POST', url: `/orders/${order.orderId}/status`, payload: { status: 'prepared' } },
      { method: 'POST', url: `/orders/${order.orderId}/add_bracelet`, payload: { bracelet_id: bracelet } },
      { method: 'DELETE', url: `/orders/${order.orderId}/bracelets/${bracelet}` },
    ] as const;
    for (const call of calls) {
      const anonymous = await service.app.inject({ ...call });
      expect(anonymous.statusCode, `${call.method} ${call.url}`).toBe(401);
      expect(anonymous.json().error.message).toBe('Veuillez vous connecter.');
      const parent = await service.app.inject({ ...call, headers: asParent });
      expect(parent.statusCode, `${call.method} ${call.url}`).toBe(403);
      // A forged identity is anonymous.
      const forged = encodeIdentity({ accountId: staffId, role: 'staff' }, 'another-secret-of-at-least-32-chars!!');
      expect((await service.app.inject({ ...call, headers: { 'x-identity': forged } })).statusCode).toBe(401);
    }
    const detail = await service.app.inject({ url: `/orders/${order.orderId}`, headers: asStaff });
    expect(detail.json()).toMatchObject({ status: 'to_prepare', bracelets: [] });
  });
});

describe('orders to ship', () => {
  it('lists orders newest first with the spec fields, filtered by status, searched by number, a page at a time', async () => {
    const first = await paidOrder(1);
    const second = await paidOrder(2, {
      delivery: {
        method: 'relay',
        carrier: 'mondialrelay',
        relayPoint: {
          id: '020393',
          name: 'Tabac de la Gare',
          address: '3 rue Émile Zola',
          postalCode: '75001',
          city: 'Paris',
          country: 'FR',
        },
      },
    });
    const all = await service.app.inject({ url: '/orders?status=to_prepare', headers: asStaff });
    expect(all.statusCode).toBe(200);
    expect(all.headers['x-page']).toBe('1');
    expect(all.headers['x-page-size']).toBe('20');
    expect(Number(all.headers['x-total-count'])).toBeGreaterThanOrEqual(2);
    const [newest, next] = all.json();
    expect(newest).toMatchObject({
      id: second.orderId,
      id_order: second.orderId,
      order_number: second.orderNumber,
      status: 'to_prepare',
      address: '3 rue Émile Zola',
      postal_code: '75001',
      city: 'Paris',
      relay_point: 'Tabac de la Gare',
      carrier: 'mondialrelay',
      shipment_id: null,
      quantity: 2,
    });
    expect(next).toMatchObject({ id: first.orderId, address: '12 rue des Lilas', postal_code: '69003', city: 'Lyon', relay_point: null });

    const searched = await service.app.inject({ url: `/orders?q=${first.orderNumber.toLowerCase()}`, headers: asStaff });
    expect(searched.json().map((order: { id: string }) => order.id)).toEqual([first.orderId]);
    expect(searched.headers['x-total-count']).toBe('1');
    // Wildcards are taken literally.
    expect((await service.app.inject({ url: '/orders?q=%25', headers: asStaff })).json()).toEqual([]);

    const shipped = await service.app.inject({ url: '/orders?status=shipped', headers: asStaff });
    expect(shipped.json().every((order: { status: string }) => order.status === 'shipped')).toBe(true);

    const far = await service.app.inject({ url: '/orders?page=5000', headers: asStaff });
    expect(far.json()).toEqual([]);
    expect(Number(far.headers['x-total-count'])).toBeGreaterThanOrEqual(2);

    for (const bad of ['status=lost', 'page=0', 'page=abc', `q=${'x'.repeat(41)}`]) {
      const refused = await service.app.inject({ url: `/orders?${bad}`, headers: asStaff });
      expect(refused.statusCode, bad).toBe(400);
      expect(refused.json().error.code).toBe('invalid_request');
    }
  });
});

describe('preparing an order', () => {
  it('adds bracelets by id or scan URL, refuses unknown, foreign, duplicate and one too many, in French, changing nothing', async () => {
    const order = await paidOrder(2);
    const other = await paidOrder(1);
    const [a, b, c, d] = await mint(4);
    const a1 = await add(order.orderId, `${PUBLIC_URL}/b/${a}`);
    expect(a1.statusCode).toBe(201);
    expect(a1.json().bracelets.map((bracelet: { id: string }) => bracelet.id)).toEqual([a]);

    const twice = await add(order.orderId, a as string);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toBe(`Le bracelet ${a} est déjà dans cette commande.`);

    const elsewhere = await add(other.orderId, a as string);
    expect(elsewhere.statusCode).toBe(409);
    expect(elsewhere.json().error.message).toBe(`Le bracelet ${a} est déjà dans la commande ${order.orderNumber}.`);

    const unknown = await add(order.orderId, '0123456789abcdefghjk');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe('Le bracelet 0123456789abcdefghjk est inconnu : il n’a jamais été créé.');

    for (const garbage of ['pas un code', `https://ailleurs.example/b/${b}`, `${PUBLIC_URL}/x/${b}`]) {
      const unreadable = await add(order.orderId, garbage);
      expect(unreadable.statusCode, garbage).toBe(400);
      expect(unreadable.json().error.message).toContain('Code illisible');
    }

    // Typed in capitals with spaces around: still the bracelet.
    expect((await add(order.orderId, ` ${(b as string).toUpperCase()} `)).statusCode).toBe(201);
    const tooMany = await add(order.orderId, c as string);
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().error.message).toBe('La commande compte déjà ses 2 bracelets : retirez-en un avant d’en ajouter un autre.');

    // A wrong scan comes out, and another goes in.
    const removed = await service.app.inject({ method: 'DELETE', url: `/orders/${order.orderId}/bracelets/${b}`, headers: asStaff });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().bracelets.map((bracelet: { id: string }) => bracelet.id)).toEqual([a]);
    expect(
      (await service.app.inject({ method: 'DELETE', url: `/orders/${order.orderId}/bracelets/${b}`, headers: asStaff })).statusCode,
    ).toBe(404);
    expect((await add(order.orderId, d as string)).statusCode).toBe(201);

    const detail = await service.app.inject({ url: `/orders/${order.orderId}`, headers: asStaff });
    expect(detail.json()).toMatchObject({
      order_number: order.orderNumber,
      quantity: 2,
      lines: [
        { product_name: 'Bracelet en corde', colour: 'orange', colour_name: 'Orange', quantity: 1 },
        { colour_name: 'Sable', quantity: 1 },
      ],
      bracelets: [{ id: a }, { id: d }],
    });
    expect((await service.app.inject({ url: `/orders/${globalThis.crypto.randomUUID()}`, headers: asStaff })).statusCode).toBe(404);
    expect((await add(globalThis.crypto.randomUUID(), c as string)).json().error.message).toBe('Commande introuvable.');
  });

  it('lets exactly one of two stations adding one bracelet to two orders at once win', async () => {
    for (let round = 0; round < 5; round += 1) {
      const [first, second] = await Promise.all([paidOrder(1), paidOrder(1)]);
      const [bracelet] = await mint(1);
      const answers = await Promise.all([add(first.orderId, bracelet as string), add(second.orderId, bracelet as string)]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
      const { rows } = await service.db.query('SELECT order_id FROM preparation_lines WHERE bracelet_id = $1', [bracelet]);
      expect(rows).toHaveLength(1);
    }
  });

  it('finalises only a complete preparation, writes order.prepared with the bracelets, then ships with a tracking number', async () => {
    const order = await paidOrder(2);
    const [a, b] = await mint(2);
    await add(order.orderId, a as string);

    const early = await setStatus(order.orderId, { status: 'prepared' });
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toBe('La commande contient 2 bracelets et 1 a été ajouté : ajoutez-les tous avant de finaliser.');
    const notYet = await setStatus(order.orderId, { status: 'shipped', tracking_number: '6A12345678901' });
    expect(notYet.statusCode).toBe(409);
    expect(notYet.json().error.message).toContain('n’est pas encore préparée');

    await add(order.orderId, b as string);
    const prepared = await setStatus(order.orderId, { status: 'prepared' });
    expect(prepared.statusCode).toBe(200);
    expect(prepared.json()).toMatchObject({ status: 'prepared', shipment_id: null });
    expect(await outboxOf('order.prepared', order.orderId)).toEqual([
      expect.objectContaining({ name: 'order.prepared', orderId: order.orderId, parentId: order.parentId, braceletIds: [a, b] }),
    ]);

    const again = await setStatus(order.orderId, { status: 'prepared' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toContain('est déjà préparée');
    const late = await add(order.orderId, (await mint(1))[0] as string);
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe(`La commande ${order.orderNumber} n’est plus à préparer (Préparée).`);
    const lateRemoval = await service.app.inject({ method: 'DELETE', url: `/orders/${order.orderId}/bracelets/${a}`, headers: asStaff });
    expect(lateRemoval.statusCode).toBe(409);

    const noTracking = await setStatus(order.orderId, { status: 'shipped' });
    expect(noTracking.statusCode).toBe(400);
    expect(noTracking.json().error.fields.tracking_number).toEqual(['Le numéro de suivi est obligatoire pour une commande expédiée.']);
    expect((await setStatus(order.orderId, { status: 'shipped', tracking_number: '<script>' })).statusCode).toBe(400);
    expect((await setStatus(order.orderId, { status: 'to_prepare' })).statusCode).toBe(400);

    const shipped = await setStatus(order.orderId, { status: 'shipped', tracking_number: '6a12345678901' });
    expect(shipped.statusCode).toBe(200);
    expect(shipped.json()).toMatchObject({ status: 'shipped', shipment_id: '6A12345678901', carrier: 'laposte' });
    expect(await outboxOf('order.shipped', order.orderId)).toEqual([
      expect.objectContaining({
        orderId: order.orderId,
        orderNumber: order.orderNumber,
        parentId: order.parentId,
        customerEmail: 'camille@example.com',
        customerName: 'Camille Martin',
        carrier: 'laposte',
        trackingNumber: '6A12345678901',
        shipmentId: '6A12345678901',
        destinationPostalCode: '69003',
      }),
    ]);
    const twice = await setStatus(order.orderId, { status: 'shipped', tracking_number: '6A12345678902' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toBe(`La commande ${order.orderNumber} est déjà expédiée.`);
    expect(await outboxOf('order.shipped', order.orderId)).toHaveLength(1);
  });
});

describe('reading a scanned code', () => {
  it('takes a bare id in any case or our own scan URL, nothing else', () => {
    const id = '0123456789abcdefghjk';
    expect(braceletIdOfScan(id, PUBLIC_URL)).toBe(id);
    expect(braceletIdOfScan(` ${id.toUpperCase()}\n`, PUBLIC_URL)).toBe(id);
    expect(braceletIdOfScan(`${PUBLIC_URL}/b/${id}`, PUBLIC_URL)).toBe(id);
    expect(braceletIdOfScan(`${PUBLIC_URL}/b/${id}/`, PUBLIC_URL)).toBe(id);
    expect(braceletIdOfScan(`https://evil.example/b/${id}`, PUBLIC_URL)).toBeUndefined();
    expect(braceletIdOfScan(`${PUBLIC_URL}/b/${id}x`, PUBLIC_URL)).toBeUndefined();
    expect(braceletIdOfScan('0123456789abcdefghji', PUBLIC_URL)).toBeUndefined();
  });
});

describe('what must not leave', () => {
  it('a refunded order is neither prepared nor shipped', async () => {
    const order = await paidOrder(1);
    const [bracelet] = await mint(1);
    await service.db.query('UPDATE orders SET refunded_at = now() WHERE id = $1', [order.orderId]);
    const added = await add(order.orderId, bracelet as string);
    expect(added.statusCode).toBe(409);
    expect(added.json().error).toEqual({
      code: 'order_refunded',
      message: `La commande ${order.orderNumber} a été remboursée : elle ne doit plus être préparée ni expédiée.`,
    });
    expect((await setStatus(order.orderId, { status: 'prepared' })).json().error.code).toBe('order_refunded');
    expect(await outboxOf('order.prepared', order.orderId)).toEqual([]);
  });

  it('a bracelet a family once configured is never sold again', async () => {
    const order = await paidOrder(1);
    const [bracelet] = await mint(1);
    await service.db.query('UPDATE bracelets SET first_configured_at = now() WHERE id = $1', [bracelet]);
    const added = await add(order.orderId, bracelet as string);
    expect(added.statusCode).toBe(409);
    expect(added.json().error.code).toBe('bracelet_configured');
    const detail = await service.app.inject({ url: `/orders/${order.orderId}`, headers: asStaff });
    expect(detail.json().bracelets).toEqual([]);
  });
});
