import { chromiumArgs, chromiumPath } from '@bracelet/devstack';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';

/** One headless Chromium per test file; each test gets a fresh context (cookies, storage). */
export function useBrowser() {
  let browser: Browser;
  beforeAll(async () => {
    browser = await chromium.launch({
      executablePath: chromiumPath,
      headless: true,
      args: chromiumArgs,
    });
  });
  afterAll(async () => {
    await browser?.close();
  });
  return {
    /**
     * A page in a fresh context. `consent`: the visitor's standing choice on measurement when the
     * page opens ('refused' unless a test says otherwise, so the consent banner stays out of the way;
     * 'ask' leaves none, and the banner shows).
     */
    async newPage(
      options: { width?: number; height?: number; consent?: 'ask' | 'refused' | 'accepted'; javaScript?: boolean } = {},
    ): Promise<Page> {
      const context = await browser.newContext({
        baseURL: inject('e2e').baseUrl,
        viewport: { width: options.width ?? 390, height: options.height ?? 844 },
        locale: 'fr-FR',
        javaScriptEnabled: options.javaScript ?? true,
      });
      const consent = options.consent ?? 'refused';
      if (consent !== 'ask') {
        await context.addInitScript((measure: boolean) => {
          if (localStorage.getItem('braceletqr-consent') === null) {
            localStorage.setItem('braceletqr-consent', JSON.stringify({ measure, decided_at: new Date().toISOString() }));
          }
        }, consent === 'accepted');
      }
      const page = await context.newPage();
      // A page error is a defect in the product: fail loudly.
      page.on('pageerror', (error) => {
        throw error;
      });
      return page;
    },
  };
}

/**
 * Opens `path` as a link inside the app does: the shell is loaded first (on a path no page owns,
 * so no remote is needed), then its router is sent there without a new document. A direct visit
 * to /b/{id} is answered by the server instead (ADR 018); this is the app's own path to it.
 */
export async function openInApp(page: Page, path: string): Promise<void> {
  await page.goto('/dans-l-application');
  await page.getByRole('heading', { name: 'Page introuvable' }).waitFor();
  await page.evaluate((target) => {
    window.history.pushState(null, '', target);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/**
 * Opens `path` as a browser that sends no fetch metadata (Sec-Fetch-*: Safari before 16.4, old
 * Android browsers): the gateway cannot tell a visit from a preview and answers the app's shell,
 * which looks the bracelet up itself (ADR 018).
 */
export async function openWithoutFetchMetadata(page: Page, path: string) {
  const target = new URL(path, inject('e2e').baseUrl).toString();
  await page.route(
    target,
    async (route) => {
      // Fetched by Playwright itself and handed to the page: Chromium would add them back on its way out.
      const headers = Object.fromEntries(Object.entries(route.request().headers()).filter(([name]) => !name.startsWith('sec-fetch-')));
      return route.fulfill({ response: await route.fetch({ headers }) });
    },
    { times: 1 },
  );
  return page.goto(path);
}
