import { describe, expect, inject, it } from 'vitest';
import { eventually } from './family-helpers.js';

/**
 * The payment path through the running product (`npm start`'s stack, simulated payments): the
 * gateway, checkout, the Stripe fake it started, and the fake's signed webhooks coming back to
 * checkout — the only thing that makes an order paid.
 */
const base = () => inject('e2e').baseUrl;
const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(new URL(path, base()), {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: new URL(base()).origin, ...headers },
    body: JSON.stringify(body),
  });

const payload = (overrides: Record<string, unknown> = {}) => ({
  order_amount: 1,
  shipping_amount: 0,
  total_amount: 1,
  items: [{ code: 'BRACELET_CORDE', name: 'Bracelet en corde', image: '', color: 'Bleu marine', quantity: 1, price: 1 }],
  parent_id: null,
  delivery_option: 'express',
  shipping_method: 'laposte',
  relay_point: null,
  customer: {
    first_name: 'Camille',
    last_name: 'Durand',
    email: 'camille.e2e@example.com',
    address: '12 rue des Lilas',
    city: 'Lyon',
    postal_code: '69003',
    country: 'France',
  },
  ...overrides,
});

type Placed = { order_id: string; order_number: string; payment_intent: string; client_secret: string; total_amount: number };

/** Places an order once checkout knows catalog's prices (they arrive by event after the start). */
const placeOrder = (headers: Record<string, string> = {}, overrides: Record<string, unknown> = {}) =>
  eventually(async () => {
    const response = await post('/create-payment-intent', payload(overrides), headers);
    return response.status === 200 ? ((await response.json()) as Placed) : undefined;
  }, 30_000);

const statusOf = async (placed: Placed, headers: Record<string, string> = {}, withSecret = true) => {
  const query = withSecret ? `?client_secret=${encodeURIComponent(placed.client_secret)}` : '';
  const response = await fetch(new URL(`/checkout/orders/${placed.order_id}/status${query}`, base()), { headers });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

const confirm = (placed: Placed, paymentMethod: string, extra: Record<string, unknown> = {}) =>
  post('/payments/simulated/confirm', {
    payment_intent: placed.payment_intent,
    client_secret: placed.client_secret,
    payment_method: paymentMethod,
    ...extra,
  });

const paid = (placed: Placed, headers: Record<string, string> = {}, withSecret = true) =>
  eventually(async () => {
    const { body } = await statusOf(placed, headers, withSecret);
    return body.paid === true ? body : undefined;
  }, 15_000);

describe('payments through the product (simulated provider)', () => {
  it('charges the server’s total; a declined card leaves the order payable, the 4242 card then pays it once the webhook lands', async () => {
    const config = await (await fetch(new URL('/checkout/config', base()))).json();
    expect(config).toMatchObject({ mode: 'simulated', publishable_key: expect.stringMatching(/^pk_test_/) });

    const placed = await placeOrder();
    // 39.99 € + express 12.90 €, whatever the page claimed.
    expect(placed.total_amount).toBe(52.89);
    const declined = await confirm(placed, 'pm_card_chargeDeclined');
    expect(declined.status).toBe(402);
    expect(await declined.json()).toEqual({
      error: { code: 'card_declined', message: 'Votre carte a été refusée. Essayez une autre carte.' },
    });
    const unpaid = await eventually(async () => {
      const { body } = await statusOf(placed);
      return body.payment_error ? body : undefined;
    });
    expect(unpaid).toMatchObject({ status: 'awaiting_payment', paid: false, order_number: placed.order_number });

    expect((await confirm(placed, 'pm_card_visa')).status).toBe(200);
    expect(await paid(placed)).toMatchObject({
      status: 'paid',
      invoice_number: expect.stringMatching(/^F\d{4}-\d{6}$/),
      total_amount: 52.89,
    });
  });

  it("gives a logged-in parent's order to that parent, readable without the client secret and listed in their orders", async () => {
    const { demo } = inject('e2e');
    const login = await post('/login/', { email: demo.parent.email, mot_de_passe: demo.parent.password });
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] as string;
    const parentId = ((await login.json()) as { parent_id: string }).parent_id;
    const placed = await placeOrder({ cookie }, { parent_id: '00000000-0000-4000-8000-000000000000' });
    expect((await confirm(placed, 'pm_card_visa')).status).toBe(200);
    await paid(placed, { cookie }, false);
    const orders = (await (await fetch(new URL(`/get_orders_by_parent/${parentId}`, base()), { headers: { cookie } })).json()) as Array<{
      id: string;
      contenu: unknown;
    }>;
    expect(orders.find((order) => order.id === placed.order_id)?.contenu).toEqual([
      { name: 'Bracelet en corde', color: 'Bleu marine', quantity: 1 },
    ]);
    // Anyone else, without the secret, learns nothing.
    expect((await statusOf(placed, {}, false)).status).toBe(404);
  });

  it('sends a 3-D Secure card to the simulated bank page and back to /success, paid once approved', async () => {
    const placed = await placeOrder();
    const pending = await confirm(placed, 'pm_card_threeDSecure2Required', { return_url: `/success?order_id=${placed.order_id}` });
    const { payment_intent } = (await pending.json()) as {
      payment_intent: { status: string; next_action: { redirect_to_url: { url: string } } };
    };
    expect(payment_intent.status).toBe('requires_action');
    const bankPage = new URL(payment_intent.next_action.redirect_to_url.url).pathname;
    const page = await fetch(new URL(bankPage, base()), { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Autoriser le paiement');
    const approved = await fetch(new URL(bankPage, base()), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: new URL(base()).origin },
      body: 'outcome=approve',
      redirect: 'manual',
    });
    expect(approved.status).toBe(303);
    const back = new URL(approved.headers.get('location') as string);
    expect(back.pathname).toBe('/success');
    expect(back.searchParams.get('redirect_status')).toBe('succeeded');
    expect(back.searchParams.get('payment_intent')).toBe(placed.payment_intent);
    await paid(placed);
  });

  it('refuses a webhook with a bad signature at checkout, through the gateway', async () => {
    const response = await post(
      '/stripe/webhook',
      { id: 'evt_forged', type: 'payment_intent.succeeded' },
      { 'stripe-signature': 't=1,v1=00' },
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: { code: 'invalid_signature', message: 'Signature du webhook invalide.' } });
  });
});
