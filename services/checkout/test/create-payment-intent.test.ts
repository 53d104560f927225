import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { announceProduct, asParent, type Checkout, checkoutPayload, placeOrder, startCheckout } from './helpers.js';

let checkout: Checkout;
let code: string;
beforeAll(async () => {
  checkout = await startCheckout();
  code = await announceProduct(checkout.db);
});
afterAll(() => checkout.close());

const post = (body: unknown, headers: Record<string, string> = {}) =>
  checkout.app.inject({ method: 'POST', url: '/create-payment-intent', payload: body as object, headers });

const storedOrder = async (orderId: string) =>
  (
    await checkout.db.query(
      `SELECT parent_id, status, order_number, customer, delivery_method, shipping_address, relay_point, goods_cents, shipping_cents,
         total_cents, payment_intent_id, client_secret_hash FROM orders WHERE id = $1`,
      [orderId],
    )
  ).rows[0];

describe('POST /create-payment-intent', () => {
  it('charges the server’s prices, whatever amounts the client sends, and stores the order awaiting payment', async () => {
    const tampered = checkoutPayload(code, {
      order_amount: 0.5,
      shipping_amount: 0,
      total_amount: 0.5,
      items: [{ code, name: 'Bracelet en corde', image: '', color: 'orange', quantity: 2, price: 0.25 }],
    });
    const answer = await placeOrder(checkout, tampered);
    expect(answer).toMatchObject({
      order_amount: 79.98,
      shipping_amount: 0,
      total_amount: 79.98,
      amounts_cents: { goods: 7998, shipping: 0, total: 7998 },
      currency: 'eur',
      delivery: 'standard',
      lines: [{ code, name: 'Bracelet en corde', color: 'Orange', quantity: 2, unit_price: 39.99, total: 79.98 }],
      mode: 'simulated',
      publishable_key: expect.stringMatching(/^pk_test_/),
    });
    expect(answer.client_secret).toMatch(new RegExp(`^${answer.payment_intent}_secret_`));
    expect(answer.order_number).toMatch(/^BQ-\d{6}$/);

    const order = await storedOrder(answer.order_id);
    expect(order).toMatchObject({
      parent_id: null,
      status: 'awaiting_payment',
      order_number: answer.order_number,
      delivery_method: 'standard',
      goods_cents: 7998,
      shipping_cents: 0,
      total_cents: 7998,
      payment_intent_id: answer.payment_intent,
      customer: { email: 'camille.durand@example.com', firstName: 'Camille', lastName: 'Durand', city: 'Lyon', postalCode: '69003' },
      shipping_address: { address: '12 rue des Lilas', postalCode: '69003', city: 'Lyon', country: 'France' },
      relay_point: null,
    });
    // Only a hash of the client secret is kept.
    expect(order.client_secret_hash).toMatch(/^[0-9a-f]{64}$/);
    const { rows: lines } = await checkout.db.query(
      'SELECT code, colour_slug, quantity, unit_price_cents, total_cents FROM order_lines WHERE order_id = $1',
      [answer.order_id],
    );
    expect(lines).toEqual([{ code, colour_slug: 'orange', quantity: 2, unit_price_cents: 3999, total_cents: 7998 }]);
    // The PaymentIntent was opened for the server's total, in euros, naming its order.
    const intent = await checkout.payments.provider.retrievePaymentIntent(answer.payment_intent);
    expect(intent).toMatchObject({
      amountCents: 7998,
      currency: 'eur',
      metadata: { order_id: answer.order_id, order_number: answer.order_number },
    });
  });

  it('ships standard and relay free from 70 € of goods, never express; under 70 € each has its price', async () => {
    const relayPoint = { ID: '075001', Nom: 'Tabac de la Mairie', Adresse1: '3 place du Louvre', CP: '75001', Ville: 'Paris' };
    const cases = [
      { quantity: 2, overrides: { delivery_option: 'standard' }, shipping: 0 },
      { quantity: 2, overrides: { shipping_method: 'mondialrelay', relay_point: relayPoint }, shipping: 0 },
      { quantity: 2, overrides: { delivery_option: 'express' }, shipping: 1290 },
      { quantity: 1, overrides: { delivery_option: 'standard' }, shipping: 590 },
      { quantity: 1, overrides: { shipping_method: 'mondialrelay', delivery_option: null, relay_point: relayPoint }, shipping: 390 },
      { quantity: 1, overrides: { delivery_option: 'express' }, shipping: 1290 },
    ];
    for (const { quantity, overrides, shipping } of cases) {
      const answer = await placeOrder(checkout, checkoutPayload(code, overrides, quantity));
      expect(answer.amounts_cents, JSON.stringify(overrides)).toEqual({
        goods: 3999 * quantity,
        shipping,
        total: 3999 * quantity + shipping,
      });
    }
    const relay = await placeOrder(checkout, checkoutPayload(code, { shipping_method: 'mondialrelay', relay_point: relayPoint }));
    expect(await storedOrder(relay.order_id)).toMatchObject({
      delivery_method: 'relay',
      shipping_address: null,
      relay_point: {
        id: '075001',
        name: 'Tabac de la Mairie',
        address: '3 place du Louvre',
        postalCode: '75001',
        city: 'Paris',
        country: 'FR',
      },
    });
  });

  it('refuses a line it cannot sell with a 400 naming the line, and stores nothing', async () => {
    const { rows: before } = await checkout.db.query('SELECT count(*)::int AS n FROM orders');
    const good = { code, color: 'bleu', quantity: 1 };
    for (const [line, message] of [
      [{ code, color: 'bleu', quantity: 0 }, 'Article 2 : la quantité doit être comprise entre 1 et 20.'],
      [{ code, color: 'bleu', quantity: -1 }, 'Article 2 : la quantité doit être comprise entre 1 et 20.'],
      [{ code, color: 'bleu', quantity: 21 }, 'Article 2 : la quantité doit être comprise entre 1 et 20.'],
      [{ code, color: 'bleu', quantity: 1.5 }, 'Article 2 : la quantité doit être comprise entre 1 et 20.'],
      [{ code: 'INCONNU', color: 'bleu', quantity: 1 }, "Article 2 : ce produit n'est pas en vente."],
      [{ code, color: 'vert', quantity: 1 }, "Article 2 : cette couleur n'existe pas pour Bracelet en corde."],
    ] as const) {
      const response = await post(checkoutPayload(code, { items: [good, line] }));
      expect(response.statusCode, JSON.stringify(line)).toBe(400);
      expect(response.json()).toEqual({ error: { code: 'unsellable_line', message, fields: { 'items.1': [message] } } });
    }
    const { rows: after } = await checkout.db.query('SELECT count(*)::int AS n FROM orders');
    expect(after[0].n).toBe(before[0].n);
  });

  it('answers French field errors for a malformed payload', async () => {
    const base = checkoutPayload(code);
    const cases: Array<[unknown, string, string]> = [
      [{ ...base, items: [] }, 'items', 'Le panier est vide.'],
      [{ ...base, customer: { ...base.customer, email: 'pas-une-adresse' } }, 'customer.email', 'Adresse e-mail invalide.'],
      [{ ...base, customer: { ...base.customer, first_name: '  ' } }, 'customer.first_name', 'Le prénom est obligatoire.'],
      [{ ...base, shipping_method: 'colissimo' }, 'shipping_method', 'Mode de livraison inconnu.'],
      [{ ...base, shipping_method: 'mondialrelay', relay_point: null }, 'relay_point', 'Veuillez choisir un point relais.'],
      [{ ...base, items: [{ code, color: 'bleu', quantity: 'deux' }] }, 'items.0.quantity', 'La quantité doit être un nombre.'],
    ];
    for (const [body, field, message] of cases) {
      const response = await post(body);
      expect(response.statusCode, field).toBe(400);
      expect(response.json().error.fields?.[field], field).toEqual([message]);
    }
  });

  it("takes the buyer from the session only: a body parent_id is ignored, a logged-in parent's order is theirs", async () => {
    const parent = randomUUID();
    const stranger = randomUUID();
    const anonymous = await placeOrder(checkout, checkoutPayload(code, { parent_id: stranger }));
    expect((await storedOrder(anonymous.order_id)).parent_id).toBeNull();
    const loggedIn = await placeOrder(checkout, checkoutPayload(code, { parent_id: stranger }), asParent(parent));
    expect((await storedOrder(loggedIn.order_id)).parent_id).toBe(parent);
  });

  it('limits checkouts per client address', async () => {
    const limited = await startCheckout({ CHECKOUT_RATE_LIMIT_PER_IP: '2' });
    try {
      const send = () => limited.app.inject({ method: 'POST', url: '/create-payment-intent', payload: checkoutPayload(code) });
      expect((await send()).statusCode).toBe(200);
      expect((await send()).statusCode).toBe(200);
      const refused = await send();
      expect(refused.statusCode).toBe(429);
      expect(refused.json().error).toMatchObject({ code: 'rate_limited', message: expect.stringContaining('Veuillez réessayer') });
    } finally {
      await limited.close();
    }
  });
});

describe('GET /checkout/config', () => {
  it('tells the page that payments are simulated, with the test cards', async () => {
    const response = await checkout.app.inject({ url: '/checkout/config' });
    expect(response.json()).toMatchObject({
      mode: 'simulated',
      publishable_key: expect.stringMatching(/^pk_test_/),
      test_cards: expect.arrayContaining([
        { number: '4242 4242 4242 4242', payment_method: 'pm_card_visa', label: 'Paiement accepté' },
        { number: '4000 0000 0000 0002', payment_method: 'pm_card_chargeDeclined', label: 'Carte refusée' },
      ]),
    });
  });
});
