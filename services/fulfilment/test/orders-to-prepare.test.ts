import { createEvent, type EventOf } from '@bracelet/contracts';
import { createLogger, createPool } from '@bracelet/service-kit';
import { runHandler } from '@bracelet/service-kit/testing';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { createOrderRepository } from '../src/db/orders.repository.js';
import { fulfilmentEventHandlers } from '../src/events/handlers.js';

const db = createPool(inject('integration').serviceUrls.fulfilment, 'fulfilment', 2);
const log = createLogger('t', 'silent');
afterAll(() => db.end());

const customer = {
  email: 'camille@example.com',
  firstName: 'Camille',
  lastName: 'Martin',
  phone: '+33612345678',
  address: '12 rue des Lilas',
  postalCode: '69003',
  city: 'Lyon',
  country: 'France',
};

function paid(delivery: EventOf<'payment.succeeded'>['delivery'], orderNumber: string) {
  return createEvent('payment.succeeded', {
    orderId: globalThis.crypto.randomUUID(),
    orderNumber,
    invoiceNumber: `F2026-${orderNumber.slice(3)}`,
    parentId: null,
    customer,
    lines: [
      {
        code: 'BRACELET_CORDE',
        productName: 'Bracelet en corde',
        color: 'orange',
        colourName: 'Orange',
        quantity: 2,
        unitPriceCents: 3999,
        totalCents: 7998,
      },
      {
        code: 'BRACELET_CORDE',
        productName: 'Bracelet en corde',
        color: 'sable',
        colourName: 'Sable',
        quantity: 1,
        unitPriceCents: 3999,
        totalCents: 3999,
      },
    ],
    delivery,
    goodsCents: 11997,
    shippingCents: 0,
    totalCents: 11997,
    currency: 'eur',
    paymentIntentId: 'pi_test',
    paidAt: '2026-11-22T10:00:00.000Z',
  });
}

const uniqueNumber = () => `BQ-${String(Date.now() % 1_000_000).padStart(6, '0')}${Math.random().toString(36).slice(2, 6)}`;

describe('payment.succeeded in fulfilment', () => {
  it('records the paid order to prepare, with its lines and home address, once however often it is delivered', async () => {
    const address = { address: '12 rue des Lilas', postalCode: '69003', city: 'Lyon', country: 'France' };
    const event = paid({ method: 'express', carrier: 'laposte', address }, uniqueNumber());
    for (let delivery = 0; delivery < 3; delivery += 1) await runHandler(db, fulfilmentEventHandlers, event, log);

    const { rows } = await db.query('SELECT count(*)::int AS n FROM orders WHERE id = $1', [event.orderId]);
    expect(rows).toEqual([{ n: 1 }]);
    const order = await createOrderRepository(db).findById(event.orderId);
    expect(order).toMatchObject({
      orderNumber: event.orderNumber,
      status: 'to_prepare',
      parentId: null,
      customer: { email: 'camille@example.com', firstName: 'Camille', lastName: 'Martin', phone: '+33612345678' },
      lines: [
        { code: 'BRACELET_CORDE', productName: 'Bracelet en corde', colour: 'orange', colourName: 'Orange', quantity: 2 },
        { code: 'BRACELET_CORDE', productName: 'Bracelet en corde', colour: 'sable', colourName: 'Sable', quantity: 1 },
      ],
      delivery: { method: 'express', carrier: 'laposte', address },
      paidAt: new Date('2026-11-22T10:00:00.000Z'),
    });
  });

  it('keeps a relay point as the destination', async () => {
    const relayPoint = {
      id: '020393',
      name: 'Tabac de la Gare',
      address: '3 rue Émile Zola',
      postalCode: '75001',
      city: 'Paris',
      country: 'FR',
    };
    const event = paid({ method: 'relay', carrier: 'mondialrelay', relayPoint }, uniqueNumber());
    await runHandler(db, fulfilmentEventHandlers, event, log);
    expect((await createOrderRepository(db).findById(event.orderId))?.delivery).toEqual({
      method: 'relay',
      carrier: 'mondialrelay',
      relayPoint,
    });
  });
});
