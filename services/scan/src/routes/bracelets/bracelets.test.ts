import { randomUUID } from 'node:crypto';
import { createEvent } from '@bracelet/contracts';
import { createLogger, createPool, createProducerConnection, withTransaction } from '@bracelet/service-kit';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../../app.js';
import { scanEventHandlers } from '../../events/handlers.js';

const { serviceUrls, redisUrl } = inject('integration');
const db = createPool(serviceUrls.scan, 'scan', 2);
const redis = createProducerConnection(redisUrl);
const log = createLogger('test', 'silent');
const app = buildApp({ db, redis, log, config: {} as never });
afterAll(async () => {
  await app.close();
  redis.disconnect();
  await db.end();
});

async function apply<N extends keyof typeof scanEventHandlers>(event: Parameters<(typeof scanEventHandlers)[N]>[0]) {
  const handler = scanEventHandlers[event.name as N] as (e: typeof event, c: unknown) => Promise<void>;
  await withTransaction(db, (tx) => handler(event, { tx, db, log }));
}

const idFor = (suffix: string) => `${'0'.repeat(20 - suffix.length)}${suffix}`;
const parent = { id: randomUUID(), email: 'parent@example.com', firstName: 'Camille' };
const child = { id: randomUUID(), firstName: 'Léa', surname: 'Martin', birthDate: '2018-05-04', photo: null };
const contact = { firstName: 'Paul', surname: 'Martin', phone: '+33612345678', relationship: 'Père', photo: null };

describe('GET /get_child_by_bracelet/:id', () => {
  it('answers a minted, unconfigured bracelet with configured "0" and no child', async () => {
    const id = idFor('1');
    await apply(createEvent('bracelets.minted', { batchId: randomUUID(), braceletIds: [id] }));
    const response = await app.inject({ url: `/get_child_by_bracelet/${id}` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ bracelet: { id, configured: '0' }, child: null, emergency_contact: null });
    expect(response.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
  });

  it('answers an unknown or malformed id with 404 and the same privacy headers', async () => {
    for (const id of [idFor('zz'), 'not-a-bracelet', '%27%20OR%201%3D1']) {
      const response = await app.inject({ url: `/get_child_by_bracelet/${id}` });
      expect(response.statusCode, id).toBe(404);
      expect(response.json().error.message).toBe('Ce bracelet est invalide');
      expect(response.headers['x-robots-tag']).toBe('noindex, nofollow');
    }
  });

  it('follows a bracelet through association, child update, deletion and reset', async () => {
    const id = idFor('2');
    await apply(createEvent('bracelets.minted', { batchId: randomUUID(), braceletIds: [id] }));
    await apply(createEvent('bracelet.associated', { braceletId: id, parent, child, emergencyContact: contact }));
    let body = (await app.inject({ url: `/get_child_by_bracelet/${id}` })).json();
    expect(body).toEqual({
      bracelet: { id, configured: '1' },
      child: { first_name: 'Léa', surname: 'Martin', birth_date: '2018-05-04', photo: null },
      emergency_contact: { first_name: 'Paul', surname: 'Martin', phone: '+33612345678', relationship: 'Père', photo: null },
    });

    await apply(
      createEvent('child.updated', { parent, child: { ...child, surname: null }, emergencyContact: { ...contact, relationship: 'Oncle' } }),
    );
    body = (await app.inject({ url: `/get_child_by_bracelet/${id}` })).json();
    expect(body.child.surname).toBeNull();
    expect(body.emergency_contact.relationship).toBe('Oncle');

    await apply(createEvent('child.deleted', { parentId: parent.id, childId: child.id }));
    body = (await app.inject({ url: `/get_child_by_bracelet/${id}` })).json();
    expect(body).toEqual({ bracelet: { id, configured: '1' }, child: null, emergency_contact: null });

    await apply(createEvent('bracelet.reset', { braceletId: id, parentId: parent.id }));
    body = (await app.inject({ url: `/get_child_by_bracelet/${id}` })).json();
    expect(body).toEqual({ bracelet: { id, configured: '0' }, child: null, emergency_contact: null });
  });
});
