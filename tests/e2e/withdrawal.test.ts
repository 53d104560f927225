import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser } from './browser.js';
import { buyThroughCheckout } from './checkout-helpers.js';
import { eventually, mailsTo, uniqueEmail } from './family-helpers.js';

const browser = useBrowser();

/** A paid order for `email`, bought from a page of the shop. */
async function buyAs(page: Page, email: string): Promise<string> {
  await page.goto('/cgv');
  return (await buyThroughCheckout(page, email)).orderNumber;
}

describe('the withdrawal button', () => {
  it('works without logging in, from the footer, and its acknowledgment arrives', async () => {
    const page = await browser.newPage({ width: 360, height: 800 });
    const email = uniqueEmail('retractation');
    const orderNumber = await buyAs(page, email);
    await page.getByRole('link', { name: 'Se rétracter du contrat ici' }).click();
    await page.getByRole('heading', { level: 1, name: 'Se rétracter du contrat' }).waitFor();
    await page.getByLabel('Votre nom').fill('Camille Martin');
    await page.getByLabel('Numéro de commande').fill(orderNumber.toLowerCase());
    await page.getByLabel('Adresse mail').fill(email);
    await page.getByRole('button', { name: 'Confirmer la rétractation' }).click();
    await page.getByText('Votre demande de rétractation est enregistrée.', { exact: false }).waitFor();
    const mail = await eventually(() =>
      mailsTo(email).find((each) => each.subject.startsWith('Accusé de réception de votre rétractation')),
    );
    expect(mail.subject).toBe(`Accusé de réception de votre rétractation — commande ${orderNumber}`);
    expect(mail.text).toContain(`« Je me rétracte du contrat portant sur la commande ${orderNumber}. »`);
    expect(mail.text).toMatch(/faite par Camille Martin le \d{1,2} \S+ \d{4} à \d{2}:\d{2}/);
    await page.context().close();
  });

  it('says the same for an order that is not the requester’s, and nobody is mailed', async () => {
    const page = await browser.newPage({ width: 1280, height: 800 });
    const owner = uniqueEmail('owner');
    const orderNumber = await buyAs(page, owner);
    const stranger = uniqueEmail('stranger');
    await page.goto(`/retractation?order=${orderNumber}`);
    expect(await page.getByLabel('Numéro de commande').inputValue()).toBe(orderNumber);
    await page.getByLabel('Votre nom').fill('Quelqu’un');
    await page.getByLabel('Adresse mail').fill(stranger);
    await page.getByRole('button', { name: 'Confirmer la rétractation' }).click();
    await page.getByText('Votre demande de rétractation est enregistrée.', { exact: false }).waitFor();
    await page.waitForTimeout(1500);
    expect(mailsTo(stranger)).toEqual([]);
    expect(mailsTo(owner).filter((each) => each.subject.includes('rétractation'))).toEqual([]);
    await page.context().close();
  });
});
