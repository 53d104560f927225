import { readFileSync } from 'node:fs';
import { createPool } from '@bracelet/service-kit';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { decodeSheet } from '../../services/fulfilment/test/sheet-decoding.js';
import { useBrowser } from './browser.js';
import { buyThroughCheckout } from './checkout-helpers.js';
import { eventually, logIn, mailsTo, uniqueEmail } from './family-helpers.js';

/**
 * The back office's bracelets and withdrawals (issue 12, items 6 and 7): staff mint a batch in the
 * page and print its sheet, whose codes scan to the batch's bracelets; a buyer withdraws, staff
 * record the return and refund through the (simulated) payment provider, the buyer is told by
 * e-mail and the bracelet goes back to stock.
 */
const browser = useBrowser();
const { baseUrl, adminUrl, demo } = inject('e2e');
const fulfilment = createPool(adminUrl, 'fulfilment', 1);
afterAll(() => fulfilment.end());

async function staffPage(path: string): Promise<Page> {
  const page = await browser.newPage({ width: 1280, height: 900 });
  await page.goto('/login');
  await logIn(page, demo.staff.email, demo.staff.password);
  await page.waitForURL((url) => url.pathname !== '/login');
  await page.goto(path);
  return page;
}

/** Calls the API from `page` (its session), as the pages do; answers status and body. */
const call = (page: Page, method: string, path: string, body?: unknown) =>
  page.evaluate(
    async ({ method, path, body }) => {
      const response = await fetch(path, {
        method,
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, body: (await response.json().catch(() => null)) as Record<string, unknown> | null };
    },
    { method, path, body },
  );

describe('bracelets in the back office', () => {
  it('refuses the batch and refund APIs to a visitor (401) and to a parent (403)', async () => {
    const page = await browser.newPage();
    await page.goto('/cgv');
    expect((await call(page, 'GET', '/batches')).status).toBe(401);
    expect((await call(page, 'POST', `/orders/${globalThis.crypto.randomUUID()}/refund`, {})).status).toBe(401);
    await page.goto('/login');
    await logIn(page, demo.parent.email, demo.parent.password);
    await page.waitForURL((url) => url.pathname !== '/login');
    expect((await call(page, 'GET', '/batches')).status).toBe(403);
    expect((await call(page, 'POST', '/batches', { quantity: 1, label: 'intrus' })).status).toBe(403);
    expect((await call(page, 'GET', '/withdrawal_returns')).status).toBe(403);
    await page.context().close();
  });

  it('mints a labelled batch of 24 in the page, whose downloaded sheet scans to exactly its 24 bracelets', async () => {
    const page = await staffPage('/backoffice/bracelets');
    await page.getByRole('heading', { level: 1, name: 'Bracelets' }).waitFor();
    const label = `Salon ${globalThis.crypto.randomUUID().slice(0, 6)}`;
    await page.getByLabel('Nombre de bracelets').fill('24');
    await page.getByLabel('Nom du lot').fill(label);
    await page.getByRole('button', { name: 'Créer le lot' }).click();
    await page.getByText('Lot créé : sa planche est prête à imprimer.').waitFor();
    const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: label }) });
    await expect.poll(() => row.getByRole('cell').allInnerTexts()).toEqual(expect.arrayContaining(['24', '0', '24']));

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      row.getByRole('link', { name: 'Télécharger la planche (PDF)' }).click(),
    ]);
    const path = await download.path();
    const pdf = readFileSync(path);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const { rows } = await fulfilment.query<{ id: string }>(
      'SELECT b.id FROM bracelets b JOIN mint_batches m ON m.id = b.batch_id WHERE m.label = $1 ORDER BY b.id',
      [label],
    );
    expect(rows).toHaveLength(24);
    const decoded = decodeSheet(pdf, 24);
    expect(decoded.filter((url) => url !== null).sort()).toEqual(rows.map((row) => new URL(`/b/${row.id}`, baseUrl).toString()));
    await page.context().close();
  });

  it('refuses a batch of 1,001 bracelets in French', async () => {
    const page = await staffPage('/backoffice/bracelets');
    await page.getByLabel('Nombre de bracelets').fill('1001');
    await page.getByLabel('Nom du lot').fill('Trop grand');
    await page.getByRole('button', { name: 'Créer le lot' }).click();
    await page.getByText('Au plus 1000 bracelets par lot.').first().waitFor();
    await page.context().close();
  });
});

describe('withdrawals and refunds in the back office', () => {
  it('records the return, refunds once through the provider, e-mails the buyer, and puts the bracelet back in stock', async () => {
    const page = await staffPage('/backoffice/retractations');
    await page.getByRole('heading', { level: 1, name: 'Rétractations' }).waitFor();
    const email = uniqueEmail('remboursement');
    const order = await buyThroughCheckout(page, email);

    // Prepared with a bracelet of a batch of its own, so the batch shows it sold, then back in stock.
    const batch = (await call(page, 'POST', '/batches', { quantity: 1, label: `Retour ${order.orderNumber}` })).body as { id: string };
    const { rows } = await fulfilment.query<{ id: string }>('SELECT id FROM bracelets WHERE batch_id = $1', [batch.id]);
    const braceletId = rows[0]?.id as string;
    await eventually(async () => ((await call(page, 'GET', `/orders/${order.orderId}`)).status === 200 ? true : undefined));
    expect((await call(page, 'POST', `/orders/${order.orderId}/add_bracelet`, { bracelet_id: braceletId })).status).toBe(201);
    expect((await call(page, 'POST', `/orders/${order.orderId}/status`, { status: 'prepared' })).status).toBe(200);
    const batchOf = async () =>
      ((await call(page, 'GET', '/batches')).body as unknown as Array<{ id: string; sold: number; unsold: number }>).find(
        (each) => each.id === batch.id,
      );
    expect(await batchOf()).toMatchObject({ sold: 1, unsold: 0 });

    const withdrawn = await call(page, 'POST', '/withdrawals', { name: 'Camille Martin', order_number: order.orderNumber, email });
    expect(withdrawn.status).toBe(202);
    const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: order.orderNumber }) });
    await eventually(async () => {
      await page.reload();
      await page.getByRole('heading', { level: 1, name: 'Rétractations' }).waitFor();
      return (await row.count()) === 1 ? true : undefined;
    });
    await expect.poll(() => row.innerText()).toContain('Dans le délai');
    expect(await row.getByRole('button', { name: 'Rembourser' }).isDisabled()).toBe(true);

    await row.getByRole('button', { name: 'Retour reçu' }).click();
    await page.getByText(`Retour de la commande ${order.orderNumber} enregistré.`).waitFor();
    await expect.poll(() => row.innerText()).toContain('Reçu le');
    await row.getByRole('button', { name: 'Rembourser' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Rembourser' }).click();
    await page.getByText(`Commande ${order.orderNumber} remboursée (45,89 €). Le client est prévenu par e-mail.`).waitFor();

    const mail = await eventually(() =>
      mailsTo(email).find((each) => each.subject === `Remboursement de votre commande ${order.orderNumber}`),
    );
    expect(mail.text).toContain(`l’intégralité de votre commande ${order.orderNumber} : 45,89 €`);
    // Another click (or a replayed request) refunds nothing more.
    const again = await call(page, 'POST', `/orders/${order.orderId}/refund`, {});
    expect(again.status).toBe(200);
    await page.waitForTimeout(1000);
    expect(mailsTo(email).filter((each) => each.subject.startsWith('Remboursement'))).toHaveLength(1);

    // Never configured: back in stock, and the page shows the refund.
    expect(await eventually(async () => ((await batchOf())?.unsold === 1 ? batchOf() : undefined))).toMatchObject({ sold: 0, unsold: 1 });
    await page.reload();
    await expect.poll(() => row.innerText()).toContain('45,89');
    await page.context().close();
  });
});
