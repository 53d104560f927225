import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Checkout, startCheckout } from './helpers.js';

// The offline default: RELAY_PROVIDER=local, the shipped demo directory.
let checkout: Checkout;
beforeAll(async () => {
  checkout = await startCheckout();
});
afterAll(() => checkout.close());

const search = (query: string, remoteAddress = '198.51.100.7') => checkout.app.inject({ url: `/relay_points${query}`, remoteAddress });

describe('GET /relay_points with the local demo directory', () => {
  it('answers 7 points for 75001, nearest first, with every field the picker shows', async () => {
    const response = await search('?postcode=75001&country=FR');
    expect(response.statusCode).toBe(200);
    const points = response.json();
    expect(points).toHaveLength(7);
    for (const point of points) {
      expect(point).toEqual({
        ID: expect.stringMatching(/^DEMO-75[0-9]{3}-[0-9]{2}$/),
        Nom: expect.any(String),
        Adresse1: expect.stringMatching(/^[0-9]+( bis)? .+/),
        CP: expect.stringMatching(/^750[0-2][0-9]$/),
        Ville: 'Paris',
        Pays: 'FR',
        distance_m: expect.any(Number),
        horaires: ['Lundi', 'Mardi', 'Mercredi', 'Jeudi', 'Vendredi', 'Samedi', 'Dimanche'].map((jour) => ({
          jour,
          heures: expect.stringMatching(/^(Fermé|[0-9]{2}:[0-9]{2}-[0-9]{2}:[0-9]{2}( [0-9]{2}:[0-9]{2}-[0-9]{2}:[0-9]{2})?)$/),
        })),
      });
    }
    const distances = points.map((point: { distance_m: number }) => point.distance_m);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(distances[0]).toBeLessThan(1000);
    // The 1st arrondissement's own points come first.
    expect(points.slice(0, 3).map((point: { CP: string }) => point.CP)).toEqual(['75001', '75001', '75001']);
  });

  it('defaults to France, and answers 7 points in every covered city', async () => {
    for (const postcode of ['75020', '69003', '13008', '59000', '33000', '31000', '44000', '67000', '35000', '06000']) {
      const response = await search(`?postcode=${postcode}`);
      expect(response.statusCode, postcode).toBe(200);
      expect(response.json(), postcode).toHaveLength(7);
    }
  });

  it("places an unknown postcode at its département's nearest known centre, and answers none elsewhere", async () => {
    const merignac = (await search('?postcode=33700&country=FR')).json();
    expect(merignac).toHaveLength(7);
    expect(merignac.every((point: { Ville: string }) => point.Ville === 'Bordeaux')).toBe(true);
    const ain = await search('?postcode=01000&country=FR');
    expect(ain.statusCode).toBe(200);
    expect(ain.json()).toEqual([]);
    // Belgium and Luxembourg are accepted; the demo directory has no point there.
    expect((await search('?postcode=1000&country=BE')).json()).toEqual([]);
    expect((await search('?postcode=1009&country=lu')).json()).toEqual([]);
  });

  it('refuses a malformed postcode or an unserved country with a French 400 in the kit shape', async () => {
    const cases: Array<[string, string, string]> = [
      ['?postcode=7500&country=FR', 'postcode', 'Code postal invalide : 5 chiffres attendus.'],
      ['?postcode=75001x', 'postcode', 'Code postal invalide : 5 chiffres attendus.'],
      ['?postcode=10000&country=BE', 'postcode', 'Code postal invalide : 4 chiffres attendus.'],
      ['?country=FR', 'postcode', 'Le code postal est obligatoire.'],
      ['?postcode=', 'postcode', 'Le code postal est obligatoire.'],
      ['?postcode=75001&country=DE', 'country', 'Pays non desservi : France (FR), Belgique (BE) ou Luxembourg (LU).'],
      ['?postcode=75001&country=', 'country', 'Pays non desservi : France (FR), Belgique (BE) ou Luxembourg (LU).'],
    ];
    for (const [query, field, message] of cases) {
      const response = await search(query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json(), query).toEqual({
        error: { code: 'invalid_request', message: 'Requête invalide.', fields: { [field]: [message] } },
      });
    }
    const repeated = await search('?postcode=75001&postcode=75002');
    expect(repeated.statusCode).toBe(400);
    expect(repeated.json().error.code).toBe('invalid_request');
  });
});

describe('GET /relay_points rate limit', () => {
  it('limits searches per client address, in French', async () => {
    const limited = await startCheckout({ RELAY_POINTS_RATE_LIMIT_PER_MINUTE: '2' });
    try {
      const from = (remoteAddress: string) => limited.app.inject({ url: '/relay_points?postcode=75001', remoteAddress });
      expect((await from('203.0.113.10')).statusCode).toBe(200);
      expect((await from('203.0.113.10')).statusCode).toBe(200);
      const third = await from('203.0.113.10');
      expect(third.statusCode).toBe(429);
      expect(third.json()).toEqual({
        error: { code: 'rate_limited', message: 'Trop de requêtes. Veuillez réessayer dans quelques minutes.' },
      });
      expect((await from('203.0.113.11')).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
