import pg from 'pg';
import type { Page, Request } from 'playwright-core';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { openWithoutFetchMetadata, useBrowser } from './browser.js';

const browser = useBrowser();
const db = new pg.Pool({ connectionString: inject('e2e').adminUrl, max: 2 });
afterAll(() => db.end());

/** Every request that measures the visitor: visit tracking, cart tracking. */
const MEASURES = /\/(track_visit\/|track-event)$/;

/** Records measuring requests and the page views the shell reports, from the page's first script. */
async function watchMeasures(page: Page): Promise<{ requests: Request[]; pageViews: () => Promise<string[]> }> {
  const requests: Request[] = [];
  page.context().on('request', (request) => {
    if (MEASURES.test(new URL(request.url()).pathname)) requests.push(request);
  });
  await page.addInitScript(() => {
    const views: string[] = [];
    (window as unknown as { pageViews: string[] }).pageViews = views;
    window.addEventListener('app:pageview', (event) => views.push((event as CustomEvent<{ path: string }>).detail.path));
  });
  return { requests, pageViews: () => page.evaluate(() => (window as unknown as { pageViews: string[] }).pageViews) };
}

const consentBanner = (page: Page) => page.getByRole('dialog', { name: 'Vos choix sur les cookies' });

describe('consent and measurement', () => {
  it('with consent refused, no visit, cart or page-view measure leaves the browser', async () => {
    const page = await browser.newPage({ width: 360, height: 800, consent: 'ask' });
    const { requests, pageViews } = await watchMeasures(page);
    await page.goto('/homepage?utm_source=x&utm_medium=y&utm_campaign=z');
    await consentBanner(page).waitFor();
    // Refusing is as easy as accepting: the two buttons side by side, alike.
    const refuse = page.getByRole('button', { name: 'Tout refuser' });
    const accept = page.getByRole('button', { name: 'Tout accepter' });
    const look = (button: typeof refuse) =>
      button.evaluate((element) => {
        const style = getComputedStyle(element);
        const box = element.getBoundingClientRect();
        return [style.backgroundColor, style.color, style.fontSize, style.fontWeight, Math.round(box.height)];
      });
    expect(await look(refuse)).toEqual(await look(accept));
    await refuse.click();
    await consentBanner(page).waitFor({ state: 'detached' });

    await page.goto('/product/BRACELET_CORDE');
    await page.getByRole('button', { name: 'Ajouter au panier' }).click();
    await page.getByText('Produit ajouté au panier !').waitFor();
    await page.getByRole('link', { name: /Mon panier/ }).click();
    await page.getByRole('heading', { level: 1, name: 'Mon panier (1)' }).waitFor();
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Mon panier (1)' }).waitFor();
    await page.waitForTimeout(500);
    expect(await consentBanner(page).count()).toBe(0);
    expect(requests.map((request) => request.url())).toEqual([]);
    expect(await pageViews()).toEqual([]);
    // No tracker kept either.
    expect(
      await page.evaluate(() => [localStorage.getItem('braceletqr-visitor_id'), sessionStorage.getItem('braceletqr-visit_id')]),
    ).toEqual([null, null]);
    await page.context().close();
  });

  it('with consent given, the visit is recorded once with its campaign, and the choice can be taken back from the footer', async () => {
    const page = await browser.newPage({ width: 1280, height: 900, consent: 'ask' });
    const { requests, pageViews } = await watchMeasures(page);
    await page.goto('/homepage?utm_source=x&utm_medium=y&utm_campaign=z');
    const recorded = page.waitForResponse((response) => response.url().endsWith('/track_visit/'));
    await page.getByRole('button', { name: 'Tout accepter' }).click();
    expect((await recorded).status()).toBe(200);
    const visitId = await page.evaluate(() => sessionStorage.getItem('braceletqr-visit_id'));
    const visitorId = await page.evaluate(() => localStorage.getItem('braceletqr-visitor_id'));
    const { rows } = await db.query('SELECT visitor_id, source, medium, campaign FROM catalog.visits WHERE visit_id = $1', [visitId]);
    expect(rows).toEqual([{ visitor_id: visitorId, source: 'x', medium: 'y', campaign: 'z' }]);

    // Once per visit: other pages and a reload do not record it again; page views are reported.
    await page.getByRole('link', { name: 'Nos bracelets' }).first().click();
    await page.getByRole('heading', { level: 1, name: 'Nos bracelets' }).waitFor();
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Nos bracelets' }).waitFor();
    await page.waitForTimeout(500);
    expect(requests.filter((request) => request.url().endsWith('/track_visit/'))).toHaveLength(1);
    expect(await pageViews()).toEqual(['/products']);

    // Changed from the footer, purpose by purpose: measurement off, the trackers forgotten.
    await page.getByRole('button', { name: 'Gérer mes cookies' }).click();
    await consentBanner(page).waitFor();
    const measure = page.getByRole('checkbox', { name: /Mesure d’audience/ });
    expect(await measure.isChecked()).toBe(true);
    await measure.uncheck();
    await page.getByRole('button', { name: 'Enregistrer mes choix' }).click();
    await consentBanner(page).waitFor({ state: 'detached' });
    expect(
      await page.evaluate(() => [localStorage.getItem('braceletqr-visitor_id'), sessionStorage.getItem('braceletqr-visit_id')]),
    ).toEqual([null, null]);
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem('braceletqr-consent'))) ?? '{}')).toMatchObject({ measure: false });
    await page.context().close();
  });

  it('the pre-sale sign-up carries the visit only with consent', async () => {
    const withConsent = await browser.newPage({ width: 360, height: 800, consent: 'accepted' });
    const email = `consent-${Date.now().toString(36)}@example.com`;
    await withConsent.goto('/homepage?utm_source=newsletter&utm_medium=email&utm_campaign=rentree#inscription');
    await withConsent.getByLabel('Adresse mail', { exact: true }).fill(email);
    await withConsent.getByRole('button', { name: 'Je m’inscris' }).click();
    await withConsent.getByText('Merci ! Nous vous écrirons dès l’ouverture des précommandes.').waitFor();
    const refused = await browser.newPage({ width: 360, height: 800 });
    const other = `refused-${Date.now().toString(36)}@example.com`;
    await refused.goto('/homepage?utm_source=newsletter#inscription');
    await refused.getByLabel('Adresse mail', { exact: true }).fill(other);
    await refused.getByRole('button', { name: 'Je m’inscris' }).click();
    await refused.getByText('Merci ! Nous vous écrirons dès l’ouverture des précommandes.').waitFor();
    const { rows } = await db.query(
      'SELECT email, visit_id IS NOT NULL AS has_visit, source, medium, campaign FROM catalog.landing_contacts WHERE email = ANY($1) ORDER BY email',
      [[email, other]],
    );
    expect(rows).toEqual([
      { email, has_visit: true, source: 'newsletter', medium: 'email', campaign: 'rentree' },
      { email: other, has_visit: false, source: null, medium: null, campaign: null },
    ]);
    await withConsent.context().close();
    await refused.context().close();
  });

  for (const path of ['direct', 'app'] as const) {
    it(`the finder page asks nothing and measures nothing, even with consent (${path === 'direct' ? 'first response' : 'the app, for a browser without fetch metadata'})`, async () => {
      const page = await browser.newPage({ width: 360, height: 800, consent: 'ask' });
      const { requests, pageViews } = await watchMeasures(page);
      const braceletPage = `/b/${inject('e2e').demo.bracelets[0]}`;
      if (path === 'direct') await page.goto(braceletPage);
      else await openWithoutFetchMetadata(page, braceletPage);
      await page.getByText("Ce bracelet n'a pas encore été configuré").waitFor();
      await page.waitForTimeout(500);
      expect(await consentBanner(page).count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Gérer mes cookies' }).count()).toBe(0);
      expect(requests).toEqual([]);
      expect(await pageViews()).toEqual([]);
      await page.context().close();
    });
  }
});

/** The internal links of the header and footer, as the visitor sees them. */
async function internalLinks(page: Page, scope: string): Promise<string[]> {
  return page
    .locator(`${scope} a[href^="/"]`)
    .evaluateAll((links) => [...new Set(links.map((link) => (link as HTMLAnchorElement).getAttribute('href') ?? ''))]);
}

describe('header, footer and banner', () => {
  it('every header and footer link leads to a page that exists, without horizontal scroll at 360 px', async () => {
    const page = await browser.newPage({ width: 1280, height: 900 });
    await page.goto('/homepage');
    await page.getByRole('heading', { level: 1, name: 'Grandir. Explorer. Protéger.' }).waitFor();
    const header = await internalLinks(page, 'header');
    const footer = await internalLinks(page, 'footer');
    expect(header).toEqual(
      expect.arrayContaining(['/homepage', '/products', '/how-it-works', '/engagements', '/cart', '/login', '/register']),
    );
    expect(footer).toEqual(expect.arrayContaining(['/cgv', '/politique-confidentialite', '/mentions-legales', '/homepage#about']));
    expect(await page.locator('footer a[href^="https://"][target="_blank"][rel~="noopener"]').count()).toBeGreaterThanOrEqual(2);
    const narrow = await browser.newPage({ width: 360, height: 800 });
    for (const href of [...new Set([...header, ...footer])]) {
      await narrow.goto(href);
      await narrow.locator('main h1').first().waitFor();
      await narrow.waitForLoadState('networkidle');
      expect(await narrow.getByRole('heading', { name: 'Page introuvable' }).count(), href).toBe(0);
      const overflow = await narrow.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `${href} scrolls sideways`).toBeLessThanOrEqual(0);
    }
    // The hash lands on the landing's section.
    await narrow.goto('/cgv');
    await narrow.getByRole('link', { name: 'Notre histoire' }).first().click();
    await narrow.getByRole('heading', { name: 'Notre histoire' }).waitFor();
    await expect.poll(() => narrow.evaluate(() => Math.round(document.getElementById('about')?.getBoundingClientRect().top ?? -1))).toBe(0);
    await page.context().close();
    await narrow.context().close();
  });

  it('under 768 px the burger opens the menu with « Les autres sections »', async () => {
    const page = await browser.newPage({ width: 360, height: 800 });
    await page.goto('/products');
    await page.getByRole('heading', { level: 1, name: 'Nos bracelets' }).waitFor();
    const menu = page.getByRole('navigation', { name: 'Navigation principale' });
    expect(await menu.isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
    expect(await menu.isVisible()).toBe(true);
    for (const name of ['Nos bracelets', 'Comment ça marche', 'Nos engagements', 'Se connecter', 'Créer un compte']) {
      expect(await menu.getByRole('link', { name }).isVisible(), name).toBe(true);
    }
    await page.keyboard.press('Escape');
    expect(await menu.isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
    await menu.getByRole('link', { name: 'Les autres sections' }).click();
    await page.waitForURL('**/homepage');
    await expect.poll(() => menu.isVisible()).toBe(false);
    // From 768 px the links are in the header itself, without the burger.
    await page.setViewportSize({ width: 1024, height: 800 });
    expect(await menu.isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Ouvrir le menu' }).isVisible()).toBe(false);
    expect(await menu.getByRole('link', { name: 'Les autres sections' }).isVisible()).toBe(false);
    await page.context().close();
  });

  it('the banner rotates its three messages every 5 s with a 700 ms slide, still under reduced motion', async () => {
    const page = await browser.newPage({ width: 1280, height: 800 });
    await page.goto('/products');
    const shown = () => page.locator('.banner__item[aria-hidden="false"]').innerText();
    expect(await shown()).toBe('Livraison offerte dès 70 € d’achat');
    expect(await page.locator('.banner__track').evaluate((track) => getComputedStyle(track).transitionDuration)).toBe('0.7s');
    await expect.poll(shown, { timeout: 6000, interval: 250 }).toBe('Précommandes livrées avant le 12/09/2025');
    await page.emulateMedia({ reducedMotion: 'reduce' });
    expect(await page.locator('.banner__track').evaluate((track) => getComputedStyle(track).transitionDuration)).toBe('0s');
    await page.context().close();
  });
});

describe('the configuration demonstration pages', () => {
  it('/associationpage → /stepform → /configure/success with its simulated 1.5 s and 2.5 s steps', async () => {
    const page = await browser.newPage({ width: 360, height: 800 });
    await page.goto('/associationpage');
    await page.getByRole('heading', { level: 1, name: 'Associer un bracelet à votre enfant' }).waitFor();
    await page.getByRole('link', { name: 'Voir les étapes en démonstration' }).click();
    await page.getByRole('heading', { level: 1, name: 'La configuration, étape par étape' }).waitFor();
    await page.getByRole('button', { name: 'Suivant' }).click();
    await page.getByRole('heading', { name: 'Connectez-vous' }).waitFor();
    await page.getByRole('button', { name: 'Suivant' }).click();
    const requests: string[] = [];
    page.on('request', (request) => requests.push(new URL(request.url()).pathname));
    await page.getByRole('button', { name: 'Lancer la démonstration' }).click();
    const status = page.getByRole('status');
    await status.getByText('Association du bracelet en cours…').waitFor();
    const started = Date.now();
    await status.getByText('Vérification du profil de votre enfant…').waitFor();
    const checking = Date.now() - started;
    await status.getByText('Bracelet configuré !', { exact: false }).waitFor({ timeout: 5000 });
    const done = Date.now() - started;
    expect(checking).toBeGreaterThan(1000);
    expect(done).toBeGreaterThan(3500);
    // Simulated: no call to the API.
    expect(requests.filter((path) => !path.startsWith('/remotes/') && !path.startsWith('/assets/'))).toEqual([]);
    await page.context().close();
  });
});
