import { execFileSync } from 'node:child_process';
import pg from 'pg';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { useBrowser } from './browser.js';
import { eventually, logIn, mailsTo } from './family-helpers.js';

const browser = useBrowser();
const db = new pg.Pool({ connectionString: inject('e2e').adminUrl, max: 2 });
afterAll(() => db.end());

const unique = (label: string) => `${label}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;

/** A cart as the shop keeps it (the checkout reprices it on the server anyway). */
async function seedCart(page: Page, lines: { color: string; quantity: number }[]): Promise<void> {
  await page.goto('/cart');
  await page.evaluate((wanted) => {
    const cart = wanted.map((line) => ({
      code: 'BRACELET_CORDE',
      name: 'Bracelet en corde',
      image: '',
      color: line.color,
      quantity: line.quantity,
      price: 39.99,
    }));
    localStorage.setItem('braceletqr-cart', JSON.stringify(cart));
  }, lines);
}

async function fillContact(page: Page, email: string): Promise<void> {
  const contact = page.getByRole('region', { name: '1 Contact' });
  await contact.getByLabel('Adresse mail').fill(email);
  await contact.getByLabel('Prénom').fill('Camille');
  await contact.getByLabel('Nom', { exact: true }).fill('Martin');
  await contact.getByLabel('Téléphone').fill('0612345678');
  await contact.getByLabel('Adresse', { exact: true }).fill('12 rue des Lilas');
  await contact.getByLabel('Code postal').fill('69003');
  await contact.getByLabel('Ville').fill('Lyon');
  await contact.getByRole('button', { name: 'Continuer' }).click();
}

async function payWith(page: Page, card: string): Promise<void> {
  const payment = page.getByRole('region', { name: '3 Paiement' });
  await payment.getByLabel('Numéro de carte').fill(card);
  await payment.getByLabel('Date d’expiration (MM/AA)').fill('12/34');
  await payment.getByLabel('CVC').fill('123');
  await payment.getByRole('button', { name: /^Payer / }).click();
}

/** A PDF's text as a reader extracts it (poppler's pdftotext). */
const pdfText = (pdf: Uint8Array) => execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', '-', '-'], { input: pdf }).toString('utf8');

/** The order confirmation caught for `email`, once the notifier has sent it. */
const confirmationOf = (email: string, orderNumber: string) =>
  eventually(() => mailsTo(email).find((mail) => mail.subject === `Confirmation de votre commande ${orderNumber}`), 20_000);

async function ordersOf(email: string) {
  const { rows } = await db.query<{
    status: string;
    total_cents: number;
    shipping_cents: number;
    delivery_method: string;
    invoice_number: string | null;
  }>(
    "SELECT status, total_cents, shipping_cents, delivery_method, invoice_number FROM checkout.orders WHERE customer->>'email' = $1 ORDER BY created_at",
    [email],
  );
  return rows;
}

describe('checkout journeys (simulated Stripe)', () => {
  it('cart → contact → express → test card 4242 → /success, paid by the webhook', async () => {
    const page = await browser.newPage({ width: 1280, height: 900 });
    await seedCart(page, [{ color: 'Orange', quantity: 1 }]);
    await page.goto('/cart');
    await page.getByRole('heading', { level: 1, name: 'Mon panier (1)' }).waitFor();
    await page.getByRole('link', { name: 'Commander' }).click();
    await page.getByRole('heading', { level: 1, name: 'Commande' }).waitFor();
    const summary = page.getByRole('complementary', { name: 'Récapitulatif de la commande' });
    expect(await summary.innerText()).toContain('A partir de 3,90€');

    // 'Continuer' waits for every field.
    const contactContinue = page.getByRole('region', { name: '1 Contact' }).getByRole('button', { name: 'Continuer' });
    expect(await contactContinue.isDisabled()).toBe(true);
    const email = unique('express');
    await fillContact(page, email);

    const shipping = page.getByRole('region', { name: '2 Livraison' });
    await shipping.getByRole('radio', { name: /Livraison express/ }).check();
    expect(await summary.innerText()).toContain('12,90€');
    await shipping.getByRole('button', { name: 'Continuer' }).click();

    const payment = page.getByRole('region', { name: '3 Paiement' });
    await payment.getByText('Mode test').waitFor();
    // The amounts charged are the server's: 39,99 + 12,90.
    expect(await summary.innerText()).toContain('52,89€');
    const pay = payment.getByRole('button', { name: 'Payer 52,89€' });
    expect(await pay.isDisabled()).toBe(true);
    await payWith(page, '4242 4242 4242 4242');

    await page.waitForURL(/\/success\?order_id=/);
    await page.getByText('Paiement confirmé : 52,89€.').waitFor({ timeout: 15_000 });
    const number = await page.locator('.success-page__number strong').innerText();
    expect(number).toMatch(/^BQ-\d{6}$/);
    expect(await page.evaluate(() => localStorage.getItem('braceletqr-cart'))).toBe('[]');
    expect(await ordersOf(email)).toEqual([
      { status: 'paid', total_cents: 5289, shipping_cents: 1290, delivery_method: 'express', invoice_number: expect.any(String) },
    ]);
    const [{ invoice_number: invoiceNumber } = { invoice_number: '' }] = await ordersOf(email);

    // The confirmation e-mail, with the invoice PDF attached: it parses and names the order, the total and the VAT.
    const mail = await confirmationOf(email, number);
    expect(mail.text).toContain(`Commande n° ${number} — facture n° ${invoiceNumber}`);
    expect(mail.text).toContain('Total TTC : 52,89 €');
    expect(mail.text).toContain('dont TVA 20 % : 8,81 €');
    expect(mail.text).toMatch(new RegExp(`Se rétracter du contrat ici : https?://\\S+/retractation\\?order=${number}`));
    expect(mail.attachments.map((file) => [file.filename, file.contentType])).toEqual([
      [`facture-${invoiceNumber}.pdf`, 'application/pdf'],
    ]);
    const invoice = pdfText(mail.attachments[0]?.content ?? new Uint8Array());
    expect(invoice).toContain(`Facture n° ${invoiceNumber}`);
    expect(invoice).toContain(`Commande n° ${number}`);
    expect(invoice).toMatch(/Total TTC\s+52,89 €/);
    expect(invoice).toMatch(/TVA 20 %\s+8,81 €/);
    // A guest's link in the e-mail downloads the same invoice, without an account.
    const link = /Télécharger la facture : (\S+)/.exec(mail.text)?.[1] ?? '';
    const download = await fetch(new URL(new URL(link).pathname + new URL(link).search, inject('e2e').baseUrl));
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await download.arrayBuffer()).equals(mail.attachments[0]?.content ?? Buffer.alloc(0))).toBe(true);
    // The cart is empty now: /checkout sends back to it.
    await page.goto('/checkout');
    await page.waitForURL('**/cart');
    await page.context().close();
  });

  it("a parent's paid order is in their commandes tab with its invoice, which only they can download", async () => {
    const page = await browser.newPage({ width: 1280, height: 900 });
    await page.goto('/login');
    const { email, password } = inject('e2e').demo.parent;
    await logIn(page, email, password);
    await page.waitForURL('**/account');
    await seedCart(page, [{ color: 'Sable', quantity: 2 }]);
    await page.goto('/checkout');
    await fillContact(page, email);
    await page.getByRole('region', { name: '2 Livraison' }).getByRole('button', { name: 'Continuer' }).click();
    await payWith(page, '4242 4242 4242 4242');
    await page.getByText('Paiement confirmé : 79,98€.').waitFor({ timeout: 15_000 });
    const number = await page.locator('.success-page__number strong').innerText();

    await page.goto('/account?tab=commandes');
    const order = page.getByRole('listitem').filter({ hasText: `Commande ${number} du ` });
    await order.waitFor();
    expect(await order.innerText()).toContain('2 × Bracelet en corde (Sable)');
    expect(await order.innerText()).toContain('Livraison en cours');
    expect(await order.getByRole('link', { name: 'Se rétracter du contrat ici' }).getAttribute('href')).toBe(
      `/retractation?order=${number}`,
    );
    const href = (await order.getByRole('link', { name: 'Télécharger la facture' }).getAttribute('href')) ?? '';
    const own = await page.request.get(href);
    expect(own.status()).toBe(200);
    expect(own.headers()['content-type']).toBe('application/pdf');
    expect(pdfText(await own.body())).toContain(`Commande n° ${number}`);
    // Without the parent's session, the same address is a 404.
    const anonymous = await fetch(new URL(new URL(href).pathname, inject('e2e').baseUrl));
    expect(anonymous.status).toBe(404);
    await page.context().close();
  });

  it('a declined card shows an error and stays on the payment step; 4242 then makes one paid order', async () => {
    const page = await browser.newPage({ width: 360, height: 800 });
    await seedCart(page, [{ color: 'Bleu marine', quantity: 2 }]);
    await page.goto('/checkout');
    // At 360 px the summary is folded: 'Voir les détails' / 'Masquer'.
    const toggle = page.getByRole('button', { name: 'Voir les détails' });
    await toggle.click();
    await page.getByRole('button', { name: 'Masquer' }).waitFor();
    const email = unique('declined');
    await fillContact(page, email);
    await page.getByRole('region', { name: '2 Livraison' }).getByRole('button', { name: 'Continuer' }).click();
    // 79,98 € of goods: standard delivery is free.
    await page.getByRole('region', { name: '3 Paiement' }).getByRole('button', { name: 'Payer 79,98€' }).waitFor();
    await payWith(page, '4000 0000 0000 0002');
    await page.getByRole('alert').getByText('Votre carte a été refusée. Essayez une autre carte.').waitFor();
    expect(page.url()).toMatch(/\/checkout$/);
    expect(await ordersOf(email)).toEqual([expect.objectContaining({ status: 'awaiting_payment', invoice_number: null })]);
    await payWith(page, '4242 4242 4242 4242');
    await page.getByText('Paiement confirmé : 79,98€.').waitFor({ timeout: 15_000 });
    expect(await ordersOf(email)).toEqual([expect.objectContaining({ status: 'paid', shipping_cents: 0, total_cents: 7998 })]);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.context().close();
  });

  it('relay path: 75001 → 7 points → choose → pay; unreachable, the message within 5 s and a retry that works', async () => {
    const page = await browser.newPage({ width: 1280, height: 900 });
    await seedCart(page, [{ color: 'Sable', quantity: 1 }]);
    await page.goto('/checkout');
    const email = unique('relay');
    await fillContact(page, email);
    const shipping = page.getByRole('region', { name: '2 Livraison' });

    // The relay service unreachable first.
    await page.route('**/relay_points?**', (route) => route.abort('connectionfailed'));
    await shipping.getByRole('radio', { name: /point relais/ }).check();
    const failed = shipping.getByText('Le widget des points relais n’a pas pu être chargé. Veuillez réessayer plus tard.');
    await failed.waitFor({ timeout: 5000 });
    expect(await shipping.getByRole('button', { name: 'Continuer' }).isDisabled()).toBe(true);
    await page.unroute('**/relay_points?**');

    await shipping.getByRole('button', { name: 'Réessayer' }).click();
    const points = shipping.getByRole('radio', { name: /, \d{5} / });
    await points.first().waitFor();
    // The contact's postcode first; 75001 is the widget's default.
    await shipping.getByLabel('Code postal').fill('75001');
    await shipping.getByRole('button', { name: 'Rechercher' }).click();
    await shipping
      .getByText(/75001 Paris/)
      .first()
      .waitFor();
    expect(await points.count()).toBe(7);
    await points.nth(2).check();
    await shipping.getByRole('button', { name: 'Continuer' }).click();
    await page.getByRole('region', { name: '3 Paiement' }).getByRole('button', { name: 'Payer 43,89€' }).waitFor();
    await payWith(page, '4242 4242 4242 4242');
    await page.getByText('Paiement confirmé : 43,89€.').waitFor({ timeout: 15_000 });
    const [order] = await ordersOf(email);
    expect(order).toMatchObject({ status: 'paid', delivery_method: 'relay', shipping_cents: 390 });
    await page.context().close();
  });

  it('with real Stripe keys but Stripe.js out of reach (offline, blocked), the payment step says so in French and nothing hangs', async () => {
    const page = await browser.newPage({ width: 360, height: 800 });
    await seedCart(page, [{ color: 'Orange', quantity: 1 }]);
    await page.goto('/checkout');
    await fillContact(page, unique('stripe-offline'));
    // The server's answer as it would be in Stripe mode; the page must then load Stripe.js, which it cannot here.
    await page.route('**/create-payment-intent', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({
          client_secret: 'pi_3Test_secret_abc',
          payment_intent: 'pi_3Test',
          order_id: '0b7c4a8e-3f5d-4c1e-9a2b-7d6e5f4a3b2c',
          order_number: 'BQ-999001',
          currency: 'eur',
          order_amount: 39.99,
          shipping_amount: 5.9,
          total_amount: 45.89,
          amounts_cents: { goods: 3999, shipping: 590, total: 4589 },
          delivery: 'standard',
          lines: [{ code: 'BRACELET_CORDE', name: 'Bracelet en corde', color: 'Orange', quantity: 1, unit_price: 39.99, total: 39.99 }],
          mode: 'stripe',
          publishable_key: 'pk_test_123',
        }),
      }),
    );
    await page.getByRole('region', { name: '2 Livraison' }).getByRole('button', { name: 'Continuer' }).click();
    const payment = page.getByRole('region', { name: '3 Paiement' });
    await payment.getByText('Le paiement est momentanément indisponible. Veuillez réessayer plus tard.').waitFor({ timeout: 12_000 });
    expect(await payment.getByRole('button', { name: /^Payer / }).count()).toBe(0);
    expect(await payment.getByText('Mode test').count()).toBe(0);
    await page.context().close();
  });
});
