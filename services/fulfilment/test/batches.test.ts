import { execFileSync } from 'node:child_process';
import { createEvent, type EventOf } from '@bracelet/contracts';
import { encodeIdentity } from '@bracelet/service-kit';
import { buildServiceForTest, runHandler } from '@bracelet/service-kit/testing';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { configSchema } from '../src/config.js';
import { fulfilmentEventHandlers } from '../src/events/handlers.js';
import { decodeSheet } from './sheet-decoding.js';

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

type BatchAnswer = { id: string; label: string; size: number; sold: number; configured: number; unsold: number; sheet_url: string };

async function mintThroughApi(quantity: number, label = `lot ${globalThis.crypto.randomUUID().slice(0, 8)}`): Promise<BatchAnswer> {
  const response = await service.app.inject({ method: 'POST', url: '/batches', headers: asStaff, payload: { quantity, label } });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

const idsOf = async (batchId: string) =>
  (await service.db.query<{ id: string }>('SELECT id FROM bracelets WHERE batch_id = $1 ORDER BY id', [batchId])).rows.map((row) => row.id);

const findBatch = async (batchId: string) => {
  const list = (await service.app.inject({ method: 'GET', url: '/batches', headers: asStaff })).json<BatchAnswer[]>();
  return list.find((batch) => batch.id === batchId);
};

const parent = { id: globalThis.crypto.randomUUID(), email: 'parent@example.com', firstName: 'Camille' };
export const associated = (braceletId: string, occurredAt?: string): EventOf<'bracelet.associated'> => ({
  ...createEvent('bracelet.associated', {
    braceletId,
    parent,
    child: { id: globalThis.crypto.randomUUID(), firstName: 'Léa', surname: null, birthDate: null, photo: null },
    emergencyContact: { firstName: 'Paul', surname: 'Martin', phone: '+33612345678', relationship: 'Père', photo: null },
  }),
  ...(occurredAt ? { occurredAt } : {}),
});
export const reset = (braceletId: string, occurredAt?: string): EventOf<'bracelet.reset'> => ({
  ...createEvent('bracelet.reset', { braceletId, parentId: parent.id }),
  ...(occurredAt ? { occurredAt } : {}),
});

describe('bracelet batches in the back office', () => {
  it('refuses anyone but staff on every batch route (401 anonymous, 403 a parent)', async () => {
    const batch = await mintThroughApi(1);
    const calls = [
      { method: 'GET' as const, url: '/batches' },
      { method: 'POST' as const, url: '/batches', payload: { quantity: 1, label: 'intrus' } },
      { method: 'GET' as const, url: `/batches/${batch.id}/sheet.pdf` },
    ];
    const before = await service.db.query('SELECT count(*) FROM mint_batches');
    for (const call of calls) {
      expect((await service.app.inject(call)).statusCode, call.url).toBe(401);
      expect((await service.app.inject({ ...call, headers: asParent })).statusCode, call.url).toBe(403);
    }
    expect((await service.db.query('SELECT count(*) FROM mint_batches')).rows).toEqual(before.rows);
  });

  it('mints a labelled batch announced to the other services, listed first with all its bracelets unsold', async () => {
    const batch = await mintThroughApi(12, 'Salon de Lyon');
    expect(batch).toMatchObject({ label: 'Salon de Lyon', size: 12, sold: 0, configured: 0, unsold: 12 });
    expect(batch.sheet_url).toBe(`/batches/${batch.id}/sheet.pdf`);
    const ids = await idsOf(batch.id);
    expect(ids).toHaveLength(12);
    const { rows } = await service.db.query<{ payload: EventOf<'bracelets.minted'> }>(
      "SELECT payload FROM outbox WHERE name = 'bracelets.minted' AND payload->>'batchId' = $1",
      [batch.id],
    );
    expect(rows.flatMap((row) => row.payload.braceletIds).sort()).toEqual(ids);
    const { rows: minted } = await service.db.query('SELECT minted_by FROM mint_batches WHERE id = $1', [batch.id]);
    expect(minted[0]?.minted_by).toBe(staffId);
    const list = await service.app.inject({ method: 'GET', url: '/batches', headers: asStaff });
    expect(list.json<BatchAnswer[]>()[0]?.id).toBe(batch.id);
    expect(Number(list.headers['x-total-count'])).toBeGreaterThanOrEqual(1);
  });

  it('refuses a quantity outside 1 to 1,000 or an empty label in French, and mints nothing', async () => {
    const before = await service.db.query('SELECT count(*) FROM bracelets');
    for (const [payload, field, message] of [
      [{ quantity: 0, label: 'x' }, 'quantity', 'Au moins 1 bracelet.'],
      [{ quantity: 1001, label: 'x' }, 'quantity', 'Au plus 1000 bracelets par lot.'],
      [{ quantity: 2.5, label: 'x' }, 'quantity', 'Indiquez un nombre entier de bracelets.'],
      [{ quantity: 3, label: '   ' }, 'label', 'Donnez un nom au lot.'],
    ] as const) {
      const response = await service.app.inject({ method: 'POST', url: '/batches', headers: asStaff, payload });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.fields[field]).toEqual([message]);
    }
    expect((await service.db.query('SELECT count(*) FROM bracelets')).rows).toEqual(before.rows);
  });

  it('counts sold (in an order), configured (linked to a child now) and unsold bracelets', async () => {
    const batch = await mintThroughApi(5);
    const [a, b, c, d] = await idsOf(batch.id);
    const orderId = globalThis.crypto.randomUUID();
    await service.db.query(
      `INSERT INTO orders (id, order_number, parent_id, customer, lines, delivery_method, carrier, shipping_address, paid_at, quantity)
       VALUES ($1, $2, NULL, '{}', '[]', 'standard', 'laposte', '{}', now(), 2)`,
      [orderId, `BQ-B${Date.now()}`],
    );
    await service.db.query('INSERT INTO preparation_lines (bracelet_id, order_id, added_by) VALUES ($1, $3, $4), ($2, $3, $4)', [
      a,
      b,
      orderId,
      staffId,
    ]);
    await runHandler(service.db, fulfilmentEventHandlers, associated(a as string));
    await runHandler(service.db, fulfilmentEventHandlers, associated(c as string));
    await runHandler(service.db, fulfilmentEventHandlers, associated(d as string));
    await runHandler(service.db, fulfilmentEventHandlers, reset(d as string));
    expect(await findBatch(batch.id)).toMatchObject({ size: 5, sold: 2, configured: 2, unsold: 3 });
  });

  it('keeps the latest of association and reset whatever order they arrive in, and remembers a bracelet was configured', async () => {
    const batch = await mintThroughApi(1);
    const [id] = (await idsOf(batch.id)) as [string];
    await runHandler(service.db, fulfilmentEventHandlers, associated(id, '2026-11-20T10:00:00.000Z'));
    // A reset from before the association, delivered late (a retried job), changes nothing.
    await runHandler(service.db, fulfilmentEventHandlers, reset(id, '2026-11-20T09:00:00.000Z'));
    expect(await findBatch(batch.id)).toMatchObject({ configured: 1 });
    await runHandler(service.db, fulfilmentEventHandlers, reset(id, '2026-11-20T11:00:00.000Z'));
    const { rows } = await service.db.query('SELECT configured, first_configured_at FROM bracelets WHERE id = $1', [id]);
    expect(rows[0]).toEqual({ configured: false, first_configured_at: new Date('2026-11-20T10:00:00.000Z') });
  });

  it('prints a 24-bracelet batch on one A4 sheet whose codes decode to exactly its 24 scan URLs', async () => {
    const batch = await mintThroughApi(24, 'Planche « test » été');
    const response = await service.app.inject({ method: 'GET', url: batch.sheet_url, headers: asStaff });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe('attachment; filename="planche-Planche-test-ete.pdf"');
    const pdf = response.rawPayload;
    const info = execFileSync('pdfinfo', ['-'], { input: pdf, encoding: 'utf8' });
    expect(info).toMatch(/Pages:\s+1\n/);
    expect(info).toMatch(/Page size:\s+595\.\d+ x 841\.\d+ pts \(A4\)/);
    const decoded = decodeSheet(pdf, 24);
    const expected = (await idsOf(batch.id)).map((id) => `${PUBLIC_URL}/b/${id}`);
    expect(decoded.filter((url) => url !== null).sort()).toEqual(expected);
    // The ids are printed in clear too, for a tag whose code is damaged.
    const text = execFileSync('pdftotext', ['-', '-'], { input: pdf, encoding: 'utf8' });
    for (const id of await idsOf(batch.id)) expect(text).toContain(id);
  });

  it('answers 404 in French for a batch that does not exist', async () => {
    const response = await service.app.inject({
      method: 'GET',
      url: `/batches/${globalThis.crypto.randomUUID()}/sheet.pdf`,
      headers: asStaff,
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.message).toBe('Lot introuvable.');
  });
});
