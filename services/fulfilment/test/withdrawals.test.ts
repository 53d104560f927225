import { createEvent } from '@bracelet/contracts';
import { createLogger, createPool } from '@bracelet/service-kit';
import { runHandler } from '@bracelet/service-kit/testing';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { fulfilmentEventHandlers } from '../src/events/handlers.js';

const db = createPool(inject('integration').serviceUrls.fulfilment, 'fulfilment', 2);
const log = createLogger('t', 'silent');
afterAll(() => db.end());

const withdrawal = (orderId: string, accepted: boolean) =>
  createEvent('order.withdrawal_requested', {
    orderId,
    orderNumber: 'BQ-004321',
    customerEmail: 'camille@example.com',
    customerName: 'Camille Martin',
    requestedAt: '2026-11-20T14:05:00.000Z',
    accepted,
    deadline: '2026-12-01T23:59:59.000Z',
  });

describe('withdrawals for the back office', () => {
  it('keeps one row per order, accepted if any request was', async () => {
    const orderId = globalThis.crypto.randomUUID();
    await runHandler(db, fulfilmentEventHandlers, withdrawal(orderId, false), log);
    await runHandler(db, fulfilmentEventHandlers, withdrawal(orderId, true), log);
    await runHandler(db, fulfilmentEventHandlers, withdrawal(orderId, false), log);
    const { rows } = await db.query('SELECT order_number, accepted FROM withdrawals WHERE order_id = $1', [orderId]);
    expect(rows).toEqual([{ order_number: 'BQ-004321', accepted: true }]);
  });
});
