import { describe, expect, inject, it } from 'vitest';
import { openWithoutFetchMetadata, useBrowser } from './browser.js';
import { eventually, mailsTo } from './family-helpers.js';
import { configureBracelet, smsTo } from './finder-helpers.js';

/**
 * The finder's card in the first response (issue 14, ADR 018), on the real product: a person's
 * visit reads and calls with no script and alerts the family once; a link preview records nothing
 * and learns nothing; a browser that cannot say it is navigating still gets the card, through the app.
 */
const browser = useBrowser();
const base = () => inject('e2e').baseUrl;
const alertSubject = "Le bracelet de Léa vient d'être scanné";

async function scansOf(braceletId: string, cookie: string): Promise<number> {
  const response = await fetch(new URL(`/get_scan_history/${braceletId}`, base()), { headers: { cookie } });
  expect(response.status).toBe(200);
  return ((await response.json()) as { scan_count: number }).scan_count;
}

describe("the finder's card in the first response", () => {
  it("with JavaScript disabled: the child's first name, the contact's number and a tel: link; the parent gets one alert", async () => {
    const braceletId = inject('e2e').demo.bracelets[5] as string;
    const parent = await configureBracelet(braceletId, '+33688888881');
    const page = await browser.newPage({ width: 360, javaScript: false });
    const response = await page.goto(`/b/${braceletId}`);
    expect(response?.status()).toBe(200);
    await page.getByRole('heading', { name: 'Informations' }).waitFor();
    expect(await page.getByText('Léa Roux').isVisible()).toBe(true);
    expect(await page.getByText('06 88 88 88 81').isVisible()).toBe(true);
    const call = page.getByRole('link', { name: 'Appeler' });
    expect(await call.isVisible()).toBe(true);
    expect(await call.getAttribute('href')).toBe('tel:+33688888881');
    expect(await page.getByText('Le contact de confiance de Léa a été prévenu automatiquement.', { exact: false }).isVisible()).toBe(true);
    // Sharing a position needs a script: a browser without one shows why (<noscript>; Chromium's
    // script switch used here leaves the parser treating <noscript> as text, so its presence is checked).
    expect(await page.locator('noscript').innerHTML()).toContain('Activez JavaScript pour partager votre position.');
    // Laid out by its inline CSS alone: nothing wider than the phone.
    const width = await page.locator('body').boundingBox();
    expect(width?.width).toBeLessThanOrEqual(360);

    await eventually(() => mailsTo(parent.email).find((mail) => mail.subject === alertSubject), 5000);
    await eventually(() => smsTo('+33688888881')[0]);
    // Reading the page again within the window alerts nobody again.
    await page.reload();
    await page.getByRole('heading', { name: 'Contact à joindre' }).waitFor();
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(mailsTo(parent.email).filter((mail) => mail.subject === alertSubject)).toHaveLength(1);
    expect(smsTo('+33688888881')).toHaveLength(1);
    expect(await scansOf(braceletId, parent.cookie)).toBe(2);
    await page.context().close();
  });

  it('a link preview fetching the address records no scan and gets no child data; the visit that follows alerts once', async () => {
    const braceletId = inject('e2e').demo.bracelets[6] as string;
    const parent = await configureBracelet(braceletId, '+33688888882');
    const previewers = [
      { 'user-agent': 'WhatsApp/2.24.10.78 A', accept: '*/*' },
      { 'user-agent': 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)', accept: 'text/html' },
      { 'user-agent': 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)', accept: 'text/html' },
      { 'user-agent': 'TelegramBot (like TwitterBot)', accept: 'text/html,application/xhtml+xml' },
      // iMessage and Signal fetch previews with a browser-like agent, but never as a navigation.
      {
        'user-agent':
          'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_11_1) AppleWebKit/601.2.4 (KHTML, like Gecko) Version/9.0.1 Safari/601.2.4 facebookexternalhit/1.1 Facebot Twitterbot/1.0',
        accept: 'text/html',
      },
      {
        'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148',
        accept: 'text/html',
      },
    ];
    for (const headers of previewers) {
      const response = await fetch(new URL(`/b/${braceletId}`, base()), { headers });
      const html = await response.text();
      expect([200, 404], headers['user-agent']).toContain(response.status);
      expect(html, headers['user-agent']).not.toMatch(/Léa|Roux|Marc|Dupont|88 88|8888|tel:/);
      expect(html).not.toMatch(/property="og:|name="twitter:/);
      expect(response.headers.get('x-robots-tag')).toBe('noindex, nofollow');
      if (response.status === 200) expect(html).toContain('<title>Bracelets de sécurité pour enfants</title>');
    }
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await scansOf(braceletId, parent.cookie)).toBe(0);
    expect(mailsTo(parent.email).filter((mail) => mail.subject === alertSubject)).toHaveLength(0);
    expect(smsTo('+33688888882')).toHaveLength(0);

    const page = await browser.newPage({ width: 360 });
    await page.goto(`/b/${braceletId}`);
    await page.getByRole('link', { name: 'Appeler' }).waitFor();
    await eventually(() => mailsTo(parent.email).find((mail) => mail.subject === alertSubject), 5000);
    expect(await scansOf(braceletId, parent.cookie)).toBe(1);
    await page.context().close();
  });

  it('a browser that sends no fetch metadata gets the app, which shows the card and records the scan itself', async () => {
    const braceletId = inject('e2e').demo.bracelets[7] as string;
    const parent = await configureBracelet(braceletId, '+33688888883');
    const page = await browser.newPage({ width: 360 });
    const lookup = page.waitForResponse((response) => response.url().includes('/get_child_by_bracelet/'));
    const response = await openWithoutFetchMetadata(page, `/b/${braceletId}`);
    expect(await response?.text()).not.toContain('Léa');
    await lookup;
    await page.getByRole('heading', { name: 'Contact à joindre' }).waitFor();
    expect(await page.getByRole('link', { name: 'Appeler' }).getAttribute('href')).toBe('tel:+33688888883');
    await eventually(() => mailsTo(parent.email).find((mail) => mail.subject === alertSubject), 5000);
    expect(await scansOf(braceletId, parent.cookie)).toBe(1);
    await page.context().close();
  });
});
