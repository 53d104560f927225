import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCatalogApp } from './catalog-app.js';

let catalog: Awaited<ReturnType<typeof startCatalogApp>>;
beforeAll(async () => {
  catalog = await startCatalogApp();
});
afterAll(() => catalog.close());

const post = (url: string, payload: unknown, address = '198.51.100.1') =>
  catalog.app.inject({ method: 'POST', url, headers: { 'x-forwarded-for': address }, payload: payload as object });
const id = () => randomUUID();

describe('POST /add_contact/ (the pre-sale list)', () => {
  it('registers an address once, whatever its case; a filled honeypot is answered alike and kept nowhere', async () => {
    const email = `Presale-${id().slice(0, 8)}@Example.com`;
    const first = await post('/add_contact/', {
      email,
      visit_id: id(),
      visitor_id: id(),
      source: 'instagram',
      medium: null,
      campaign: '',
      referrer: '',
    });
    expect(first.statusCode).toBe(200);
    const again = await post('/add_contact/', { email: email.toLowerCase(), visit_id: id(), visitor_id: id() });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('Vous vous êtes déjà inscrit(e) avec cette adresse mail.');

    const robot = `robot-${id().slice(0, 8)}@example.com`;
    const trapped = await post('/add_contact/', { email: robot, website: 'http://spam.example' });
    expect(trapped.statusCode).toBe(200);
    expect(trapped.json()).toEqual(first.json());
    const stored = await catalog.db.query('SELECT lower(email) AS email, source FROM landing_contacts WHERE lower(email) = ANY($1)', [
      [email.toLowerCase(), robot],
    ]);
    expect(stored.rows).toEqual([{ email: email.toLowerCase(), source: 'instagram' }]);
  });

  it('refuses an invalid address with the field and a French message', async () => {
    const response = await post('/add_contact/', { email: 'pas-une-adresse' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields.email).toEqual(['Adresse e-mail invalide.']);
  });

  it('limits sign-ups per client address', async () => {
    const limited = await startCatalogApp({ CONTACTS_PER_HOUR: '2' });
    try {
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 3; attempt += 1) {
        statuses.push(
          (await limited.app.inject({ method: 'POST', url: '/add_contact/', payload: { email: `n${id().slice(0, 6)}@example.com` } }))
            .statusCode,
        );
      }
      expect(statuses).toEqual([200, 200, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe('POST /track_visit/ and POST /track-event', () => {
  it('records a visit once per visit id, with its campaign', async () => {
    const visit = { source: 'x', medium: 'y', campaign: 'z', referrer: 'https://www.example.com/', visit_id: id(), visitor_id: id() };
    expect((await post('/track_visit/', visit)).statusCode).toBe(200);
    expect((await post('/track_visit/', visit)).statusCode).toBe(200);
    const { rows } = await catalog.db.query('SELECT source, medium, campaign, referrer FROM visits WHERE visit_id = $1', [visit.visit_id]);
    expect(rows).toEqual([{ source: 'x', medium: 'y', campaign: 'z', referrer: 'https://www.example.com/' }]);
    expect((await post('/track_visit/', { ...visit, visit_id: 'x' })).statusCode).toBe(400);
  });

  it('records a cart event sent as the spec does (a serialised cart), and refuses a cart that is not one', async () => {
    const session = id();
    const line = { code: 'BRACELET_CORDE', name: 'Bracelet en corde', image: '', color: 'Bleu marine', quantity: 2, price: 39.99 };
    const sent = await post('/track-event', { session_id: session, status: 'added_to_cart', cart_items: JSON.stringify([line]) });
    expect(sent.statusCode).toBe(200);
    const { rows } = await catalog.db.query('SELECT status, cart_items FROM cart_events WHERE session_id = $1', [session]);
    expect(rows).toEqual([{ status: 'added_to_cart', cart_items: [line] }]);
    for (const cart_items of ['not json', JSON.stringify([{ ...line, quantity: -1 }]), [{ ...line, quantity: 1000 }]]) {
      expect((await post('/track-event', { session_id: session, status: 'added_to_cart', cart_items })).statusCode).toBe(400);
    }
  });

  it('deletes visits older than 13 months', async () => {
    const old = id();
    await post('/track_visit/', { visit_id: old, visitor_id: id() });
    await catalog.db.query("UPDATE visits SET visited_at = now() - interval '14 months' WHERE visit_id = $1", [old]);
    const { createTrackingRepository } = await import('../src/db/tracking.repository.js');
    expect(await createTrackingRepository(catalog.db).deleteVisitsOlderThan(13, 5000)).toBeGreaterThanOrEqual(1);
    expect((await catalog.db.query('SELECT 1 FROM visits WHERE visit_id = $1', [old])).rowCount).toBe(0);
  });
});
