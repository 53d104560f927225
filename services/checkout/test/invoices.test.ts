import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { invoiceOf, renderInvoicePdf, sellerOf } from '@bracelet/invoice';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  announceProduct,
  asParent,
  type Checkout,
  checkoutPayload,
  deliverWebhook,
  type PlacedAnswer,
  paymentSucceededEvents,
  placeOrder,
  startCheckout,
  stripeEvent,
} from './helpers.js';

let checkout: Checkout;
let code: string;
beforeAll(async () => {
  checkout = await startCheckout({ PUBLIC_URL: 'http://shop.test' });
  code = await announceProduct(checkout.db);
});
afterAll(() => checkout.close());

const pay = async (placed: PlacedAnswer) => {
  const event = stripeEvent('payment_intent.succeeded', {
    id: placed.payment_intent,
    amount: placed.amounts_cents.total,
    metadata: { order_id: placed.order_id },
  });
  expect((await deliverWebhook(checkout, event)).statusCode).toBe(200);
  const [paid] = await paymentSucceededEvents(checkout.db, placed.order_id);
  if (!paid) throw new Error('the order was not paid');
  return paid;
};

const download = (url: string, headers: Record<string, string> = {}) => checkout.app.inject({ url, headers });
const pathOf = (url: string) => {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
};
const pdfText = (pdf: Buffer) => execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', '-', '-'], { input: pdf }).toString('utf8');

describe('GET /invoices/{orderId}', () => {
  it("serves a parent's invoice to that parent only, listed in their orders; another parent and an anonymous caller get 404", async () => {
    const parent = randomUUID();
    const placed = await placeOrder(checkout, checkoutPayload(code, { delivery_option: 'express' }), asParent(parent));
    const paid = await pay(placed);

    const orders = await checkout.app.inject({ url: `/get_orders_by_parent/${parent}`, headers: asParent(parent) });
    const [listed] = orders.json() as Array<{ id: string; invoice_url: string | null; contenu: unknown[]; withdrawal_until: string }>;
    expect(listed).toMatchObject({
      id: placed.order_id,
      invoice_url: `http://shop.test/invoices/${placed.order_id}`,
      contenu: [{ name: 'Bracelet en corde', color: 'Bleu marine', quantity: 1 }],
    });
    // 7 working days of delivery at most, then 14 days: at least three weeks from now.
    expect(Date.parse(listed?.withdrawal_until ?? '') - Date.now()).toBeGreaterThan(21 * 24 * 3600_000);

    const own = await download(pathOf(listed?.invoice_url ?? ''), asParent(parent));
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('application/pdf');
    expect(own.headers['content-disposition']).toBe(`attachment; filename="facture-${paid.invoiceNumber}.pdf"`);
    expect(own.headers['cache-control']).toBe('private, no-store');
    const text = pdfText(own.rawPayload);
    expect(text).toContain(`Facture n° ${paid.invoiceNumber}`);
    expect(text).toContain(`Commande n° ${placed.order_number}`);
    expect(text).toMatch(/Total TTC\s+52,89 €/);
    expect(text).toMatch(/TVA 20 %\s+8,81 €/);
    // The same document as the one the notifier attaches, drawn from the event.
    expect(own.rawPayload.equals(Buffer.from(await renderInvoicePdf(invoiceOf(paid, sellerOf(checkout.config)))))).toBe(true);

    for (const headers of [asParent(randomUUID()), {}]) {
      const refused = await download(`/invoices/${placed.order_id}`, headers);
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toEqual({ error: { code: 'not_found', message: 'Facture introuvable.' } });
    }
  });

  it("opens a guest's invoice with the e-mail's link only; a wrong or missing token is a 404, like an unpaid order", async () => {
    const placed = await placeOrder(checkout, checkoutPayload(code));
    const unpaid = await download(`/invoices/${placed.order_id}`);
    expect(unpaid.statusCode).toBe(404);

    const paid = await pay(placed);
    expect(paid.invoiceUrl).toMatch(new RegExp(`^http://shop\\.test/invoices/${placed.order_id}\\?token=[A-Za-z0-9_-]{43}$`));
    const link = pathOf(paid.invoiceUrl ?? '');
    const byLink = await download(link);
    expect(byLink.statusCode).toBe(200);
    expect(pdfText(byLink.rawPayload)).toContain(`Facture n° ${paid.invoiceNumber}`);

    const token = new URL(paid.invoiceUrl ?? '').searchParams.get('token') ?? '';
    const other = await placeOrder(checkout, checkoutPayload(code));
    await pay(other);
    const wrong = [
      `/invoices/${placed.order_id}`,
      `/invoices/${placed.order_id}?token=${token.slice(0, -1)}A`,
      `/invoices/${placed.order_id}?token=`,
      // A token opens its own order's invoice, not another's.
      `/invoices/${other.order_id}?token=${token}`,
      `/invoices/${randomUUID()}?token=${token}`,
    ];
    for (const url of wrong) expect((await download(url)).statusCode, url).toBe(404);
    // Only the token's hash is kept.
    const { rows } = await checkout.db.query<{ invoice_token_hash: string }>('SELECT invoice_token_hash FROM orders WHERE id = $1', [
      placed.order_id,
    ]);
    expect(rows[0]?.invoice_token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]?.invoice_token_hash).not.toContain(token);
    expect((await download('/invoices/not-a-uuid')).statusCode).toBe(400);
  });
});
