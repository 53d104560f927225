import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser } from './browser.js';

const browser = useBrowser();

async function noHorizontalScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, `${page.url()} scrolls sideways`).toBeLessThanOrEqual(0);
}

const PAGES: [path: string, heading: string][] = [
  ['/', 'Grandir. Explorer. Protéger.'],
  ['/homepage', 'Grandir. Explorer. Protéger.'],
  ['/homepagenew', 'Grandir. Explorer. Protéger.'],
  ['/cgv', 'Conditions générales de vente'],
  ['/politique-confidentialite', 'Politique de confidentialité'],
  ['/mentions-legales', 'Mentions légales'],
  ['/how-it-works', 'Comment ça marche ?'],
  ['/engagements', 'Nos engagements'],
];

const unique = () => `landing-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.com`;

async function signUp(page: Page, email: string, honeypot?: string): Promise<void> {
  await page.goto('/homepage#inscription');
  const field = page.getByLabel('Adresse mail', { exact: true });
  await field.fill(email);
  if (honeypot) {
    await page.locator('input[name="website"]').evaluate((input, value) => {
      (input as HTMLInputElement).value = value;
    }, honeypot);
  }
  await page.getByRole('button', { name: 'Je m’inscris' }).click();
}

const confirmed = (page: Page) => page.getByText('Merci ! Nous vous écrirons dès l’ouverture des précommandes.').waitFor();

describe('shop pages', () => {
  for (const [path, heading] of PAGES) {
    it(`${path} shows its heading at 360 px without horizontal scroll`, async () => {
      const page = await browser.newPage({ width: 360, height: 800 });
      await page.goto(path);
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      await page.waitForLoadState('networkidle');
      expect(await page.getByText('Nom bracelet').count()).toBe(0);
      await noHorizontalScroll(page);
    });
  }

  it('/ links to the two models, with their pictures', async () => {
    const page = await browser.newPage({ width: 360, height: 800 });
    await page.goto('/');
    const taora = page.locator('a[href="/product/TAORA"]');
    const aroha = page.locator('a[href="/product/AROHA"]');
    await taora.waitFor();
    await aroha.waitFor();
    expect(await taora.innerText()).toContain('Taora');
    expect(await aroha.innerText()).toContain('Aroha');
    // The second model's picture comes once the first (the LCP element) has arrived.
    await page.waitForFunction(() => document.querySelectorAll('.model-card picture source[type="image/avif"]').length === 2);
    await noHorizontalScroll(page);
  });

  it('the landing steps: "En savoir plus" toggles aria-expanded and the text', async () => {
    const page = await browser.newPage({ width: 360, height: 800 });
    await page.goto('/homepage');
    await page.getByRole('heading', { level: 2, name: 'Notre solution' }).waitFor();
    const toggles = page.getByRole('button', { name: 'En savoir plus' });
    expect(await toggles.count()).toBe(3);
    const first = toggles.first();
    expect(await first.getAttribute('aria-expanded')).toBe('false');
    await first.click();
    expect(await first.getAttribute('aria-expanded')).toBe('true');
    await page.getByText('Le QR code est gravé au laser').waitFor();
    await first.click();
    expect(await first.getAttribute('aria-expanded')).toBe('false');
    for (const id of ['top', 'how', 'about', 'inscription']) expect(await page.locator(`#${id}`).count()).toBe(1);
  });

  it('the landing form: confirmation, then 409 for the same address in another case', async () => {
    const email = unique();
    const page = await browser.newPage({ width: 360, height: 800 });
    await signUp(page, email);
    await confirmed(page);
    expect(await page.locator('form.signup-form').count()).toBe(0);
    const again = await browser.newPage({ width: 360, height: 800 });
    await signUp(again, email.toUpperCase());
    await again.getByText('Vous vous êtes déjà inscrit(e) avec cette adresse mail.').waitFor();
  });

  it('the honeypot: a filled one is thanked but stores nothing', async () => {
    const email = unique();
    const robot = await browser.newPage({ width: 360, height: 800 });
    await signUp(robot, email, 'http://spam.example');
    await confirmed(robot);
    const person = await browser.newPage({ width: 360, height: 800 });
    await signUp(person, email);
    await confirmed(person);
  });
});
