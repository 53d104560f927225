import { describe, expect, inject, it } from 'vitest';
import { openInApp, useBrowser } from './browser.js';

const browser = useBrowser();

describe('the finder page /b/{id}', () => {
  it('inside the app: shows the loading screen, then the welcome state of an unconfigured demo bracelet', async () => {
    const [braceletId] = inject('e2e').demo.bracelets;
    const page = await browser.newPage({ width: 360 });
    // Hold the lookup back a moment, as a poor connection would, so the loading screen is seen.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/get_child_by_bracelet/**', async (route) => {
      await held;
      await route.continue();
    });
    await openInApp(page, `/b/${braceletId}`);
    await page.getByText('Chargement du bracelet…').waitFor();
    release();

    await page.getByText("Ce bracelet n'a pas encore été configuré").waitFor();
    expect(await page.getByText(/2 à 3 minutes/).isVisible()).toBe(true);
    const configure = page.getByRole('link', { name: 'Configurer mon bracelet' });
    expect(await configure.getAttribute('href')).toBe('/newconfigurationstep1');
    // The wizard reads the scanned bracelet id from storage (spec §3).
    expect(await page.evaluate(() => localStorage.getItem('braceletId'))).toBe(braceletId);
    // Readable at 360 px: nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.context().close();
  });

  it("inside the app: says the page cannot load (never 'invalid') while the lookup fails, and retries by itself", async () => {
    const [braceletId] = inject('e2e').demo.bracelets;
    const page = await browser.newPage({ width: 360 });
    let tries = 0;
    await page.route('**/get_child_by_bracelet/**', async (route) => {
      tries += 1;
      if (tries === 1) return route.abort('internetdisconnected');
      if (tries === 2)
        return route.fulfill({ status: 503, contentType: 'application/json', body: '{"error":{"code":"unavailable","message":"…"}}' });
      return route.continue();
    });
    await openInApp(page, `/b/${braceletId}`);
    await page.getByRole('heading', { name: 'Connexion impossible' }).waitFor();
    expect(await page.getByText('Ce bracelet est invalide').count()).toBe(0);
    // The second try (a 503) is made on its own, after a few seconds; the third, on the button.
    await expect.poll(() => tries, { timeout: 8000 }).toBe(2);
    await page.getByRole('heading', { name: 'Connexion impossible' }).waitFor();
    await page.getByRole('button', { name: 'Réessayer' }).click();
    await page.getByText("Ce bracelet n'a pas encore été configuré").waitFor();
    expect(tries).toBe(3);
    await page.context().close();
  });

  it('inside the app: gives up on a lookup that never answers, then finds the bracelet on the next try', async () => {
    const [braceletId] = inject('e2e').demo.bracelets;
    const page = await browser.newPage({ width: 360 });
    let tries = 0;
    await page.route('**/get_child_by_bracelet/**', async (route) => {
      tries += 1;
      if (tries === 1) return; // never answered, as on a stalled mobile connection
      return route.continue();
    });
    await openInApp(page, `/b/${braceletId}`);
    await page.getByRole('heading', { name: 'Connexion impossible' }).waitFor({ timeout: 15_000 });
    await page.getByText("Ce bracelet n'a pas encore été configuré").waitFor({ timeout: 10_000 });
    expect(tries).toBe(2);
    await page.context().close();
  });

  for (const path of ['direct', 'in-app'] as const) {
    it(`shows 'Bracelet introuvable' for an unknown id, with a way back home (${path})`, async () => {
      const page = await browser.newPage();
      if (path === 'direct') expect((await page.goto('/b/00000000000000000000'))?.status()).toBe(404);
      else await openInApp(page, '/b/00000000000000000000');
      await page.getByRole('heading', { name: 'Bracelet introuvable' }).waitFor();
      expect(await page.getByRole('alert').innerText()).toBe('Ce bracelet est invalide');
      expect(await page.getByText(/contact@/).count()).toBeGreaterThan(0);
      expect(await page.evaluate(() => localStorage.getItem('braceletId'))).toBeNull();
      await page.getByRole('link', { name: "Retour à l'accueil" }).click();
      await page.getByText('Grandir. Explorer. Protéger.').waitFor();
      expect(new URL(page.url()).pathname).toBe('/');
      await page.context().close();
    });
  }

  it('a direct visit: the welcome state is in the first response (no loading screen), and the wizard gets the id', async () => {
    const [braceletId] = inject('e2e').demo.bracelets;
    const page = await browser.newPage({ width: 360 });
    const lookups: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/get_child_by_bracelet/')) lookups.push(request.url());
    });
    const response = await page.goto(`/b/${braceletId}`);
    expect(response?.status()).toBe(200);
    const html = (await response?.text()) ?? '';
    expect(html).toContain('Ce bracelet n&#x27;a pas encore été configuré');
    expect(html).not.toContain('Chargement du bracelet');
    // The card is the page: no app, no lookup from the browser.
    expect(lookups).toEqual([]);
    expect(await page.evaluate(() => localStorage.getItem('braceletId'))).toBe(braceletId);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.getByRole('link', { name: 'Configurer mon bracelet' }).click();
    await page.getByRole('heading', { name: 'Créer un compte ou se connecter' }).waitFor();
    await page.context().close();
  });

  it('keeps finder pages out of search engines and referrers', async () => {
    const [braceletId] = inject('e2e').demo.bracelets;
    const page = await browser.newPage();
    const response = await page.goto(`/b/${braceletId}`);
    expect(response?.headers()['x-robots-tag']).toBe('noindex, nofollow');
    expect(response?.headers()['referrer-policy']).toBe('same-origin');
    await page.context().close();
  });
});
