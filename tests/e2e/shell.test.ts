import { describe, expect, inject, it } from 'vitest';
import { openInApp, useBrowser } from './browser.js';

const browser = useBrowser();

describe('the shell', () => {
  it('keeps working, with a French message, when a remote cannot load', async () => {
    const page = await browser.newPage();
    await page.route('**/remotes/shop/**', (route) => route.abort('connectionfailed'));
    await page.goto('/');
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.innerText()).toContain("Cette page n'a pas pu être chargée");
    expect(await alert.innerText()).toContain('Vérifiez votre connexion internet');
    expect(await page.getByRole('button', { name: 'Réessayer' }).isVisible()).toBe(true);
    // The shell itself (header, footer) is intact, and another remote still loads.
    expect(await page.getByRole('link', { name: 'Bracelet QR' }).isVisible()).toBe(true);
    await openInApp(page, `/b/${inject('e2e').demo.bracelets[0]}`);
    await page.getByText("Ce bracelet n'a pas encore été configuré").waitFor();
    await page.context().close();
  });

  it('reports a page view (with consent, never on the finder page) and scrolls to the top at each route change', async () => {
    const page = await browser.newPage({ width: 360, height: 300, consent: 'accepted' });
    await page.addInitScript(() => {
      const views: string[] = [];
      (window as unknown as { pageViews: string[] }).pageViews = views;
      window.addEventListener('app:pageview', (event) => views.push((event as CustomEvent<{ path: string }>).detail.path));
    });
    await openInApp(page, '/b/00000000000000000000');
    await page.getByRole('heading', { name: 'Bracelet introuvable' }).waitFor();
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await page.getByRole('link', { name: "Retour à l'accueil" }).click();
    await page.getByText('Grandir. Explorer. Protéger.').waitFor();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    // The page the app was opened on, then home: never the finder's page between them.
    expect(await page.evaluate(() => (window as unknown as { pageViews: string[] }).pageViews)).toEqual(['/dans-l-application', '/']);
    await page.context().close();
  });

  it("shows 'Page introuvable' for a path no page owns", async () => {
    const page = await browser.newPage();
    const response = await page.goto('/cette-page-nexiste-pas');
    expect(response?.status()).toBe(200);
    await page.getByRole('heading', { name: 'Page introuvable' }).waitFor();
    await page.context().close();
  });
});
