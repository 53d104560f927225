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
    async newPage(options: { width?: number; height?: number; consent?: 'ask' | 'refused' | 'accepted' } = {}): Promise<Page> {
      const context = await browser.newContext({
        baseURL: inject('e2e').baseUrl,
        viewport: { width: options.width ?? 390, height: options.height ?? 844 },
        locale: 'fr-FR',
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
