import { createServer } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { formatOpeningHours } from '../src/relay-points/mondial-relay-response.js';
import { type Checkout, startCheckout } from './helpers.js';
import { FAKE_POINTS, type MondialRelayFake, startMondialRelayFake } from './mondial-relay-fake.js';

// RELAY_PROVIDER=mondialrelay against a local fake of their web service (no network).
const ENSEIGNE = 'BDTEST13';
const PRIVATE_KEY = 'PrivateK';
const UNAVAILABLE = {
  error: { code: 'relay_points_unavailable', message: 'Le service de points relais ne répond pas. Veuillez réessayer.' },
};

let fake: MondialRelayFake;
let checkout: Checkout;
const startWith = (env: Record<string, string>) =>
  startCheckout({ RELAY_PROVIDER: 'mondialrelay', MONDIAL_RELAY_ENSEIGNE: ENSEIGNE, MONDIAL_RELAY_PRIVATE_KEY: PRIVATE_KEY, ...env });

beforeAll(async () => {
  fake = await startMondialRelayFake({ enseigne: ENSEIGNE, privateKey: PRIVATE_KEY });
  checkout = await startWith({ MONDIAL_RELAY_URL: fake.url });
});
afterAll(async () => {
  await checkout.close();
  await fake.close();
});
beforeEach(() => {
  fake.mode = 'answer';
  fake.calls.length = 0;
});

const search = (app: Checkout['app'], query = '?postcode=75001&country=FR') => app.inject({ url: `/relay_points${query}` });

describe('GET /relay_points through Mondial Relay (WSI4_PointRelais_Recherche)', () => {
  it('sends a signed SOAP search and answers the 7 points it gets back, nearest first', async () => {
    const response = await search(checkout.app);
    expect(response.statusCode).toBe(200);

    expect(fake.calls).toHaveLength(1);
    const [call] = fake.calls;
    expect(call?.soapAction).toBe('"http://www.mondialrelay.fr/webservice/WSI4_PointRelais_Recherche"');
    expect(call?.parameters).toMatchObject({ Enseigne: 'BDTEST13', Pays: 'FR', CP: '75001', NombreResultats: '7', Action: '24R' });
    expect(call?.parameters.Security).toMatch(/^[0-9A-F]{32}$/);
    expect(call?.parameters.Security).toBe(call?.expectedSecurity);

    const points = response.json();
    expect(points).toHaveLength(7);
    expect(points.map((point: { ID: string }) => point.ID)).toEqual(FAKE_POINTS.map((point) => point.num));
    expect(points[0]).toEqual({
      ID: '020581',
      Nom: 'TABAC DU LOUVRE',
      Adresse1: '12 RUE DU LOUVRE',
      CP: '75001',
      Ville: 'PARIS',
      Pays: 'FR',
      distance_m: 184,
      horaires: [
        { jour: 'Lundi', heures: '09:00-12:30 14:00-19:00' },
        { jour: 'Mardi', heures: '09:00-12:30 14:00-19:00' },
        { jour: 'Mercredi', heures: '09:00-12:30 14:00-19:00' },
        { jour: 'Jeudi', heures: '09:00-12:30 14:00-19:00' },
        { jour: 'Vendredi', heures: '09:00-12:30 14:00-19:00' },
        { jour: 'Samedi', heures: '09:00-13:00' },
        { jour: 'Dimanche', heures: 'Fermé' },
      ],
    });
    expect(points[2].Nom).toBe('EPICERIE LES HALLES & CIE');
  });

  it('answers a French 503 when the carrier refuses the signature (wrong private key)', async () => {
    const wrongKey = await startWith({ MONDIAL_RELAY_URL: fake.url, MONDIAL_RELAY_PRIVATE_KEY: 'NotTheKey' });
    try {
      const response = await search(wrongKey.app);
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual(UNAVAILABLE);
      expect(fake.calls[0]?.parameters.Security).not.toBe(fake.calls[0]?.expectedSecurity);
    } finally {
      await wrongKey.close();
    }
  });

  it('answers a French 503 when the carrier fails (HTTP 500)', async () => {
    fake.mode = 'error';
    const response = await search(checkout.app);
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual(UNAVAILABLE);
  });

  it('answers a French 503 at once when the carrier is unreachable', async () => {
    const closedPort = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as { port: number };
        probe.close(() => resolve(port));
      });
    });
    const down = await startWith({ MONDIAL_RELAY_URL: `http://127.0.0.1:${closedPort}/Web_Services.asmx` });
    try {
      const started = Date.now();
      const response = await search(down.app);
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual(UNAVAILABLE);
      expect(Date.now() - started).toBeLessThan(1000);
    } finally {
      await down.close();
    }
  });

  it('gives up on a slow carrier after 4 s, before the page does at 5 s', async () => {
    fake.mode = 'slow';
    const started = Date.now();
    const response = await search(checkout.app);
    const elapsed = Date.now() - started;
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual(UNAVAILABLE);
    expect(elapsed).toBeGreaterThanOrEqual(3900);
    expect(elapsed).toBeLessThan(5000);
  }, 15_000);

  it('refuses to start without credentials', async () => {
    await expect(startCheckout({ RELAY_PROVIDER: 'mondialrelay' })).rejects.toThrow(/MONDIAL_RELAY_ENSEIGNE/);
  });
});

describe('Mondial Relay opening hours', () => {
  it('reads HHMM pairs, with 0000 meaning no range', () => {
    expect(formatOpeningHours(['0900', '1200', '1400', '1900'])).toBe('09:00-12:00 14:00-19:00');
    expect(formatOpeningHours(['0730', '2000', '0000', '0000'])).toBe('07:30-20:00');
    expect(formatOpeningHours(['0000', '0000', '0000', '0000'])).toBe('Fermé');
    expect(formatOpeningHours([])).toBe('Fermé');
  });
});
