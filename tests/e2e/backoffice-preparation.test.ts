import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromiumArgs, chromiumPath } from '@bracelet/devstack';
import { createPool } from '@bracelet/service-kit';
import { type Browser, chromium, type Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { mintBracelets } from '../../services/fulfilment/src/use-cases/mint-bracelets.js';
import { useBrowser } from './browser.js';
import { buyThroughCheckout } from './checkout-helpers.js';
import { eventually, logIn, mailsTo, uniqueEmail } from './family-helpers.js';

/**
 * The back office end to end (issue 12): a parent's paid order is prepared by staff with a real
 * camera scan — a second Chromium whose fake camera films a QR code the test draws — shipped
 * with a tracking number, and the buyer sees it all. And every back-office API refuses anyone
 * but staff.
 */
const browser = useBrowser();
const { baseUrl, adminUrl, demo } = inject('e2e');
const dir = mkdtempSync(join(tmpdir(), 'bracelet-camera-'));
// Fulfilment's own minting, on the product's database (as `npm run mint` does).
const fulfilment = createPool(adminUrl, 'fulfilment', 1);
let cameraBrowser: Browser | undefined;
afterAll(async () => {
  await cameraBrowser?.close();
  await fulfilment.end();
  rmSync(dir, { recursive: true, force: true });
});

const mint = (count: number) => mintBracelets(fulfilment, { count, label: `e2e-${globalThis.crypto.randomUUID()}` });

/**
 * A Y4M video (raw YUV4MPEG2, 4:2:0) of `frames` identical frames: the QR code of `text` drawn by
 * the qrcode package as a PNG, scaled up and centred on a white 640×480 frame.
 */
async function qrVideo(text: string, file: string, frames = 30): Promise<void> {
  const qrcodeModule = 'qrcode';
  const QRCode = (await import(qrcodeModule)) as { toBuffer(text: string, options: Record<string, unknown>): Promise<Buffer> };
  const png = await QRCode.toBuffer(text, { type: 'png', errorCorrectionLevel: 'M', margin: 4, scale: 4 });
  const [width, height, side] = [640, 480, 360];
  const luma = await sharp(png)
    .greyscale()
    .resize(side, side, { kernel: 'nearest', fit: 'contain', background: '#ffffff' })
    .extend({
      top: (height - side) / 2,
      bottom: (height - side) / 2,
      left: (width - side) / 2,
      right: (width - side) / 2,
      background: '#ffffff',
    })
    .raw()
    .toBuffer();
  expect(luma.length).toBe(width * height);
  const chroma = Buffer.alloc((width / 2) * (height / 2), 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`);
  writeFileSync(file, Buffer.concat([header, ...Array.from({ length: frames }, () => frame)]));
}

/** A page in a Chromium whose camera films `video` (its permission granted). */
async function cameraPage(video: string): Promise<Page> {
  await cameraBrowser?.close();
  cameraBrowser = await chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: [
      ...chromiumArgs,
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ],
  });
  const context = await cameraBrowser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 900 }, locale: 'fr-FR' });
  await context.grantPermissions(['camera'], { origin: baseUrl });
  await context.addInitScript(() => {
    if (localStorage.getItem('braceletqr-consent') === null) {
      localStorage.setItem('braceletqr-consent', JSON.stringify({ measure: false, decided_at: new Date().toISOString() }));
    }
  });
  const page = await context.newPage();
  page.on('pageerror', (error) => {
    throw error;
  });
  return page;
}

/** A parent signed up and logged in in `page` (through the API the pages call); answers their id. */
async function parentIn(page: Page, email: string): Promise<string> {
  await page.goto('/cgv');
  return page.evaluate(async (address) => {
    const post = async (path: string, body: unknown) => {
      const response = await fetch(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      if (!response.ok) throw new Error(`${path}: ${response.status}`);
      return response.json();
    };
    const password = 'un mot de passe solide';
    await post('/register_parent/', {
      nom: 'Martin',
      prenom: 'Camille',
      email: address,
      telephone: '+33612345678',
      mot_de_passe: password,
    });
    return (await post('/login/', { email: address, mot_de_passe: password })).parent_id as string;
  }, email);
}

const buy = async (page: Page, email: string, quantity: number) => (await buyThroughCheckout(page, email, quantity)).orderNumber;

/** Staff sign in: /backoffice sends them to /login, and back. */
async function staffLogsIn(page: Page) {
  await page.goto('/backoffice');
  await page.waitForURL('**/login');
  await logIn(page, demo.staff.email, demo.staff.password);
  await page.getByRole('heading', { name: 'Commandes à expédier' }).waitFor();
}

/** The orders list searched for `orderNumber`, once fulfilment has the order; answers its row. */
async function findRow(page: Page, orderNumber: string) {
  const row = page.getByRole('row').filter({ hasText: orderNumber });
  await eventually(async () => {
    await page.goto(`/backoffice?q=${orderNumber}`);
    await page.getByText(/Page \d+ sur \d+/).waitFor();
    return (await row.count()) === 1 ? true : undefined;
  }, 20_000);
  return row;
}

describe('the back office', () => {
  it('prepares a paid order with the camera, gives its bracelet to the buyer, and ships it with a tracking link', async () => {
    const buyer = await browser.newPage({ width: 1280, height: 900 });
    const email = uniqueEmail('colis');
    await parentIn(buyer, email);
    const orderNumber = await buy(buyer, email, 1);
    const [bracelet] = (await mint(1)) as [string];
    const video = join(dir, 'qr.y4m');
    await qrVideo(`${baseUrl}/b/${bracelet}`, video);

    const staff = await cameraPage(video);
    await staffLogsIn(staff);
    const row = await findRow(staff, orderNumber);
    await expect.poll(() => row.getByText('À préparer').count()).toBe(1);
    expect(await row.getByRole('cell').nth(1).textContent()).toBe('—');
    expect(await row.getByRole('cell').first().textContent()).toBe('12 rue des Lilas, 69003 Lyon');

    await row.getByRole('link', { name: 'Préparer la commande' }).click();
    await staff.waitForURL(/\/prepareorderpage\?order=[0-9a-f-]{36}$/);
    await staff.getByRole('heading', { name: `Préparation de la commande ${orderNumber}` }).waitFor();
    await staff.getByText('1 × Bracelet en corde — Sable').waitFor();
    // The fake camera films the bracelet's QR code: html5-qrcode reads it and the scanner stops.
    await staff.getByText(`Bracelet ${bracelet} ajouté !`).waitFor({ timeout: 20_000 });
    await staff.getByRole('heading', { name: 'Bracelets ajoutés : 1 sur 1' }).waitFor();
    await expect.poll(() => staff.locator('#reader video').count()).toBe(0);
    const finish = staff.getByRole('button', { name: 'Finaliser la préparation' });
    expect(await finish.isEnabled()).toBe(true);
    await finish.click();
    await staff.waitForURL(/\/backoffice$/);
    await staff.goto(`/backoffice?q=${orderNumber}`);
    await row.getByText('Préparée').waitFor();

    // The bracelet is the buyer's now, to configure.
    await eventually(async () => {
      await buyer.goto('/account?tab=bracelets');
      await buyer.waitForLoadState('networkidle');
      return (await buyer.getByRole('listitem').filter({ hasText: bracelet }).count()) === 1 ? true : undefined;
    }, 20_000);
    const item = buyer.getByRole('listitem').filter({ hasText: bracelet });
    await item.getByText('Non configuré').waitFor();
    await item.getByRole('link', { name: 'Configurer' }).waitFor();

    await row.getByRole('button', { name: 'Marquer comme expédiée' }).click();
    const dialog = staff.getByRole('dialog');
    await dialog.getByLabel('Numéro de suivi').fill('6A12345678901');
    await dialog.getByRole('button', { name: 'Marquer comme expédiée' }).click();
    await row.getByText('Expédiée').waitFor();
    await row.getByText('6A12345678901').waitFor();

    const mail = await eventually(() => mailsTo(email).find((each) => each.subject === `Votre commande ${orderNumber} est expédiée`));
    expect(mail.text).toContain('Numéro de suivi : 6A12345678901');
    expect(mail.text).toContain('https://www.laposte.fr/outils/suivre-vos-envois?code=6A12345678901');

    await eventually(async () => {
      await buyer.goto('/account?tab=commandes');
      const order = buyer.getByRole('listitem').filter({ hasText: orderNumber });
      await order.waitFor();
      return (await order.getByText('Livrée').count()) === 1 ? true : undefined;
    }, 20_000);
    await buyer.context().close();
    await staff.context().close();
  }, 120_000);

  it('says in red why a bracelet cannot go in, and changes nothing', async () => {
    const buyer = await browser.newPage({ width: 1280, height: 900 });
    const email = uniqueEmail('erreurs');
    await parentIn(buyer, email);
    const first = await buy(buyer, email, 1);
    const second = await buy(buyer, email, 1);
    const [taken, spare, other] = (await mint(3)) as [string, string, string];
    // The camera films a code that is not ours: nothing is added.
    const video = join(dir, 'foreign.y4m');
    await qrVideo('https://ailleurs.example/b/0123456789abcdefghjk', video);
    const staff = await cameraPage(video);
    await staffLogsIn(staff);
    const prepare = async (orderNumber: string) => {
      const row = await findRow(staff, orderNumber);
      await row.getByRole('link', { name: 'Préparer la commande' }).click();
      await staff.getByRole('heading', { name: `Préparation de la commande ${orderNumber}` }).waitFor();
    };
    const type = async (code: string) => {
      await staff.getByLabel('Identifiant du bracelet (QR code abîmé)').fill(code);
      await staff.getByRole('button', { name: 'Ajouter', exact: true }).click();
    };
    const redLine = staff.locator('.scan-outcome--error');

    await prepare(first);
    // The camera reads a code that is not one of ours.
    await redLine.waitFor({ timeout: 20_000 });
    expect(await redLine.textContent()).toContain('Code illisible');
    await type(taken);
    await staff.getByText(`Bracelet ${taken} ajouté !`).waitFor();
    await type(spare);
    await redLine.waitFor();
    expect(await redLine.textContent()).toBe('La commande ne compte qu’un bracelet, déjà ajouté : retirez-le avant d’en ajouter un autre.');
    expect(await redLine.evaluate((element) => getComputedStyle(element).color)).toBe('rgb(180, 35, 24)');
    await staff.getByRole('heading', { name: 'Bracelets ajoutés : 1 sur 1' }).waitFor();

    // Another order: the bracelet already sold, an unknown id.
    await prepare(second);
    await redLine.waitFor({ timeout: 20_000 });
    await type(taken.toUpperCase());
    await staff.getByText(`Le bracelet ${taken} est déjà dans la commande ${first}.`).waitFor();
    await type('0123456789abcdefghjk');
    await staff.getByText('Le bracelet 0123456789abcdefghjk est inconnu : il n’a jamais été créé.').waitFor();
    await staff.getByRole('heading', { name: 'Bracelets ajoutés : 0 sur 1' }).waitFor();
    expect(await staff.getByRole('button', { name: 'Finaliser la préparation' }).isDisabled()).toBe(true);
    // The right one goes in.
    await type(other);
    await staff.getByText(`Bracelet ${other} ajouté !`).waitFor();
    expect(await staff.getByRole('button', { name: 'Finaliser la préparation' }).isEnabled()).toBe(true);
    await staff.context().close();
    await buyer.context().close();
  }, 120_000);

  it('refuses every back-office API to anonymous callers (401) and to parents (403)', async () => {
    const buyer = await browser.newPage({ width: 1280, height: 900 });
    await parentIn(buyer, uniqueEmail('curieux'));
    const orderId = globalThis.crypto.randomUUID();
    const calls = [
      { method: 'GET', path: '/orders' },
      { method: 'GET', path: '/orders?status=to_prepare&page=2' },
      { method: 'GET', path: `/orders/${orderId}` },
      { method: 'POST', path: `/orders/${orderId}/status`, body: { status: 'prepared' } },
      { method: 'POST', path: `/orders/${orderId}/add_bracelet`, body: { bracelet_id: demo.bracelets[0] } },
      { method: 'DELETE', path: `/orders/${orderId}/bracelets/${demo.bracelets[0]}` },
    ];
    const statuses = (credentials: RequestCredentials) =>
      buyer.evaluate(
        async ({ list, mode }) =>
          Promise.all(
            list.map(async (call) => {
              const response = await fetch(call.path, {
                method: call.method,
                credentials: mode,
                ...(call.body ? { headers: { 'content-type': 'application/json' }, body: JSON.stringify(call.body) } : {}),
              });
              return `${call.method} ${call.path} ${response.status} ${(await response.json()).error?.code}`;
            }),
          ),
        { list: calls, mode: credentials },
      );
    expect(await statuses('omit')).toEqual(calls.map((call) => `${call.method} ${call.path} 401 unauthenticated`));
    expect(await statuses('same-origin')).toEqual(calls.map((call) => `${call.method} ${call.path} 403 forbidden`));
    await buyer.context().close();
  });
});
