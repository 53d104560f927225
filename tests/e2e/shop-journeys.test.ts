import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { useBrowser } from './browser.js';

const browser = useBrowser();

const ADDED = 'Produit ajouté au panier !';

async function noHorizontalScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, `${page.url()} scrolls sideways`).toBeLessThanOrEqual(0);
}

/** The header's cart link: its accessible name says the count, its badge shows it. */
async function expectCartCount(page: Page, count: number): Promise<void> {
  await page.getByRole('link', { name: `Mon panier, ${count} article${count > 1 ? 's' : ''}` }).waitFor();
  const badge = page.locator('.cart-link__badge');
  if (count === 0) expect(await badge.count()).toBe(0);
  else expect(await badge.innerText()).toBe(String(count));
}

const cartLine = (page: Page, colour: string) => page.locator('.cart-line', { hasText: `Couleur : ${colour}` });

/** Delivery: from the relay point's 3,90 € under 70 € of goods, free from 70 € (what checkout will charge at least). */
async function expectTotals(page: Page, count: number, subtotal: string, delivery: string, total: string): Promise<void> {
  await page.getByRole('heading', { level: 1, name: `Mon panier (${count})` }).waitFor();
  const summary = page.getByRole('region', { name: 'Récapitulatif de la commande' });
  expect(await summary.innerText()).toBe(`Sous-total\n${subtotal}\nLivraison\n${delivery}\nTotal\n${total}\nCommander`);
}

describe('shop journeys', () => {
  for (const width of [360, 1280]) {
    it(`at ${width} px: products → a colour's page → add → product by code × 3 → Commander → a cart that merges, changes and survives a reload`, async () => {
      const page = await browser.newPage({ width, height: 900 });
      const mobile = width < 768;

      // The product list (§2.8).
      await page.goto('/products');
      await page.getByRole('heading', { level: 1, name: 'Nos bracelets' }).waitFor();
      expect(await page.getByRole('navigation', { name: "Fil d'Ariane" }).innerText()).toMatch(/^Accueil\s*>\s*Nos bracelets$/);
      const card = page.getByRole('link', { name: /^Bracelet en corde Orange 39,99€ Découvrir$/ });
      await card.waitFor();
      expect(await page.getByText('Nom bracelet').count()).toBe(0);
      // Every card carries the colour dots, each to its colour's page.
      const dots = page.getByRole('link', { name: 'Bracelet en corde, Sable' });
      expect(await dots.first().getAttribute('href')).toBe('/products/bracelet-corde/sable');
      await expectCartCount(page, 0);
      await noHorizontalScroll(page);
      await card.click();

      // The product in one colour (§2.9).
      await page.waitForURL('**/products/bracelet-corde/orange');
      await page.getByRole('heading', { level: 1, name: 'Bracelet en corde' }).waitFor();
      await page.getByText('Couleur : Orange').waitFor();
      await page.getByText('Livraison en France métropolitaine en 3 à 4 jours').waitFor();
      for (const section of ['Description', 'Caractéristiques', 'Livraison et retour']) {
        await page.getByRole('heading', { level: 2, name: section }).waitFor();
      }
      await page.getByText('Tour de poignet réglable de 12 à 18 cm').waitFor();
      const pictures = page.locator('.gallery__track img');
      // The first picture is the page's LCP element: not lazy; its size is known, so nothing moves.
      // The others are fetched once it has arrived (until then, boxes of the same size).
      await page.waitForFunction(() => {
        const image = document.querySelector<HTMLImageElement>('.gallery__track img');
        return image?.complete && image.naturalWidth > 0;
      });
      await page.waitForFunction(() => document.querySelectorAll('.gallery__track img').length === 3);
      expect(await pictures.nth(0).getAttribute('loading')).toBe('eager');
      expect(await pictures.nth(1).getAttribute('loading')).toBe('lazy');
      expect([await pictures.nth(0).getAttribute('width'), await pictures.nth(0).getAttribute('height')]).toEqual(['720', '900']);
      expect(await pictures.nth(0).evaluate((image: HTMLImageElement) => image.currentSrc)).toMatch(
        /\/BRACELET_CORDE\/orange\/1-\d+\.avif$/,
      );
      if (mobile) {
        // A carousel: 'n / total' and thumbnails.
        await page.getByText('1 / 3').waitFor();
        await page.getByRole('button', { name: 'Voir la photo 2' }).click();
        await page.getByText('2 / 3').waitFor();
      } else {
        // Two columns: the first two pictures side by side, no counter.
        const [first, second] = [await pictures.nth(0).boundingBox(), await pictures.nth(1).boundingBox()];
        expect(first && second && Math.abs(first.y - second.y) < 1 && second.x > first.x).toBe(true);
        expect(await page.locator('.gallery__counter').isVisible()).toBe(false);
      }
      await noHorizontalScroll(page);
      // A colour dot leads to that colour's page.
      const panel = page.locator('.product-panel');
      await panel.getByRole('link', { name: 'Sable' }).click();
      await page.waitForURL('**/products/bracelet-corde/sable');
      await page.getByText('Couleur : Sable').waitFor();
      await panel.getByRole('link', { name: 'Orange' }).click();
      await page.getByText('Couleur : Orange').waitFor();

      await page.getByRole('button', { name: 'Ajouter au panier' }).click();
      await page.getByText(ADDED).waitFor();
      await expectCartCount(page, 1);

      // The product by its code (§2.10): one in Bleu marine, then three more in Orange.
      await page.goto('/product/BRACELET_CORDE');
      await page.getByRole('heading', { level: 1, name: 'Bracelet en corde' }).waitFor();
      await page.getByText('39,99€', { exact: true }).waitFor();
      await page.getByText('Corde en polyester recyclé, tressée en France').waitFor();
      const carouselPicture = page.locator('.carousel__frame img');
      expect(await carouselPicture.getAttribute('loading')).toBe('eager');
      // The arrows wrap around.
      const dot = (n: number) => page.getByRole('button', { name: `Voir la photo ${n}` });
      expect(await dot(1).getAttribute('aria-current')).toBe('true');
      await page.getByRole('button', { name: 'Photo précédente' }).click();
      expect(await dot(3).getAttribute('aria-current')).toBe('true');
      await page.getByRole('button', { name: 'Photo suivante' }).click();
      expect(await dot(1).getAttribute('aria-current')).toBe('true');
      await noHorizontalScroll(page);

      await page.getByRole('button', { name: 'Ajouter au panier' }).click();
      await expectCartCount(page, 2);

      await page.locator('.colour-picker__option', { hasText: 'Orange' }).click();
      expect(await page.getByRole('radio', { name: 'Orange' }).isChecked()).toBe(true);
      await page.waitForFunction(() => document.querySelector<HTMLImageElement>('.carousel__frame img')?.src.includes('/orange/'));
      const quantity = page.getByRole('spinbutton', { name: 'Quantité' });
      expect(await page.getByRole('button', { name: 'Diminuer la quantité' }).isDisabled()).toBe(true);
      await page.getByRole('button', { name: 'Augmenter la quantité' }).click();
      // The stepper works from the keyboard too.
      await page.getByRole('button', { name: 'Augmenter la quantité' }).focus();
      await page.keyboard.press('Enter');
      expect(await quantity.inputValue()).toBe('3');
      await page.getByRole('button', { name: 'Commander' }).click();

      // The cart (§2.11): Orange merged (1 + 3), Bleu marine apart.
      await page.waitForURL('**/cart');
      await expectTotals(page, 5, '199,95€', 'Offerte', '199,95€');
      expect(await page.locator('.cart-line').count()).toBe(2);
      expect(await cartLine(page, 'Orange').getByRole('spinbutton').inputValue()).toBe('4');
      expect(await cartLine(page, 'Bleu marine').getByRole('spinbutton').inputValue()).toBe('1');
      expect(await cartLine(page, 'Orange').innerText()).toContain('Bracelet en corde');
      expect(await cartLine(page, 'Orange').innerText()).toContain('39,99€');
      expect(await cartLine(page, 'Orange').locator('img').getAttribute('width')).toBe('720');
      await expectCartCount(page, 5);
      await noHorizontalScroll(page);

      const blue = cartLine(page, 'Bleu marine');
      await blue.getByRole('button', { name: 'Augmenter la quantité' }).click();
      await expectTotals(page, 6, '239,94€', 'Offerte', '239,94€');
      await expectCartCount(page, 6);
      await blue.getByRole('button', { name: 'Diminuer la quantité' }).click();
      await expectTotals(page, 5, '199,95€', 'Offerte', '199,95€');
      // Never below 1.
      expect(await blue.getByRole('button', { name: 'Diminuer la quantité' }).isDisabled()).toBe(true);
      expect(await blue.getByRole('spinbutton').inputValue()).toBe('1');

      // The cart survives a reload.
      await page.reload();
      await expectTotals(page, 5, '199,95€', 'Offerte', '199,95€');
      expect(await cartLine(page, 'Orange').getByRole('spinbutton').inputValue()).toBe('4');
      await expectCartCount(page, 5);

      await page.getByRole('button', { name: 'Supprimer Bracelet en corde, Orange' }).click();
      await expectTotals(page, 1, '39,99€', 'A partir de 3,90€', '43,89€');
      await expectCartCount(page, 1);
      expect(await page.getByRole('link', { name: 'Commander' }).getAttribute('href')).toBe('/checkout');

      await page.getByRole('button', { name: 'Supprimer Bracelet en corde, Bleu marine' }).click();
      await page.getByRole('heading', { level: 1, name: 'Mon panier (0)' }).waitFor();
      await page.getByText('Votre panier est vide.').waitFor();
      expect(await page.getByRole('link', { name: 'Découvrir nos bracelets' }).getAttribute('href')).toBe('/products');
      expect(await page.getByText('A partir de').count()).toBe(0);
      await expectCartCount(page, 0);
      await noHorizontalScroll(page);
      await page.context().close();
    });
  }

  it('says so in French for an unknown product, and shows the first colour for an unknown one', async () => {
    const page = await browser.newPage({ width: 360 });
    await page.goto('/products/bracelet-inconnu/bleu');
    await page.getByRole('heading', { level: 1, name: 'Produit introuvable' }).waitFor();
    await page.goto('/product/INCONNU');
    await page.getByRole('heading', { level: 1, name: 'Produit introuvable' }).waitFor();
    await page.goto('/products/bracelet-corde/violet');
    await page.getByText('Couleur : Bleu marine').waitFor();
    await noHorizontalScroll(page);
    await page.context().close();
  });

  it('repairs or empties a tampered stored cart without crashing /cart', async () => {
    const page = await browser.newPage({ width: 360 });
    const external: string[] = [];
    const origin = new URL(inject('e2e').baseUrl).origin;
    page.on('request', (request) => {
      if (new URL(request.url()).origin !== origin) external.push(request.url());
    });
    await page.goto('/cart');
    await page.getByRole('heading', { level: 1, name: 'Mon panier (0)' }).waitFor();
    const store = (value: string) => page.evaluate((raw) => localStorage.setItem('braceletqr-cart', raw), value);

    for (const garbage of ['{pas du json', '"panier"', '{"items":[1,2]}', '[null, 42, "x", {"code": 7}]']) {
      await store(garbage);
      await page.reload();
      await page.getByRole('heading', { level: 1, name: 'Mon panier (0)' }).waitFor();
      await page.getByText('Votre panier est vide.').waitFor();
    }

    const line = { code: 'BRACELET_CORDE', name: 'Bracelet en corde', image: '', color: 'Orange', quantity: 1, price: 39.99 };
    await store(
      JSON.stringify([
        { ...line, quantity: -5 },
        { ...line, color: 'Sable', quantity: 1e9, price: 0.01, name: 'Gratuit', image: 'https://tracker.example/pixel.gif' },
        { ...line, code: 'HACK' },
        { ...line, color: 'Violet' },
        { ...line, quantity: '3' },
        { ...line, color: 'bleu', quantity: 2 },
      ]),
    );
    await page.reload();
    // Sable: brought down to 20 at the catalogue's price; bleu: read as Bleu marine; the rest left out.
    await expectTotals(page, 22, '879,78€', 'Offerte', '879,78€');
    expect(await cartLine(page, 'Sable').getByRole('spinbutton').inputValue()).toBe('20');
    expect(await cartLine(page, 'Sable').innerText()).not.toContain('Gratuit');
    expect(await cartLine(page, 'Bleu marine').getByRole('spinbutton').inputValue()).toBe('2');
    expect(await page.locator('.cart-line').count()).toBe(2);
    // The repaired cart is what is stored now, and the badge agrees.
    const stored = JSON.parse((await page.evaluate(() => localStorage.getItem('braceletqr-cart'))) ?? '[]') as Array<{ price: number }>;
    expect(stored.map((entry) => entry.price)).toEqual([39.99, 39.99]);
    await expectCartCount(page, 22);
    expect(external).toEqual([]);
    await noHorizontalScroll(page);
    await page.context().close();
  });

  it('sends the cart-tracking event only with consent, and keeps every tab up to date', async () => {
    const page = await browser.newPage({ width: 1280 });
    const events: string[] = [];
    page.context().on('request', (request) => {
      if (request.url().endsWith('/track-event')) events.push(request.postData() ?? '');
    });
    await page.goto('/product/BRACELET_CORDE');
    const other = await page.context().newPage();
    await other.goto('/cart');
    await other.getByRole('heading', { level: 1, name: 'Mon panier (0)' }).waitFor();

    // No consent stored: the cart works, nothing is measured.
    await page.getByRole('button', { name: 'Ajouter au panier' }).click();
    await page.getByText(ADDED).waitFor();
    await expectCartCount(page, 1);
    // The other tab hears of it (storage event): its page and its badge.
    await other.getByRole('heading', { level: 1, name: 'Mon panier (1)' }).waitFor();
    await expectCartCount(other, 1);
    await page.waitForTimeout(500);
    expect(events).toEqual([]);

    await page.evaluate(() =>
      localStorage.setItem('braceletqr-consent', JSON.stringify({ measure: true, decided_at: new Date().toISOString() })),
    );
    const sent = page.waitForResponse((response) => response.url().endsWith('/track-event'));
    await page.getByRole('button', { name: 'Ajouter au panier' }).click();
    expect((await sent).status()).toBe(200);
    const body = JSON.parse(events[0] ?? '{}') as { session_id: string; status: string; cart_items: string };
    expect(body.status).toBe('added_to_cart');
    expect(body.session_id).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(JSON.parse(body.cart_items)).toEqual([
      {
        code: 'BRACELET_CORDE',
        name: 'Bracelet en corde',
        image: expect.stringMatching(/^\/catalog\/images\/.+\/BRACELET_CORDE\/bleu\/1-720\.webp$/),
        color: 'Bleu marine',
        quantity: 2,
        price: 39.99,
      },
    ]);
    // Changing the cart from the cart page shows in the first tab's badge.
    await other.getByRole('button', { name: 'Supprimer Bracelet en corde, Bleu marine' }).click();
    await expectCartCount(page, 0);
    await page.context().close();
  });
});
