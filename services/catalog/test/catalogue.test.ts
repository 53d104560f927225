import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CatalogueProduct, catalogueColours, catalogueProducts } from '../src/catalogue.js';
import { publishCatalogue } from '../src/use-cases/publish-catalogue.js';
import { startCatalogApp } from './catalog-app.js';

let catalog: Awaited<ReturnType<typeof startCatalogApp>>;
beforeAll(async () => {
  catalog = await startCatalogApp();
  await publishCatalogue(catalog.db, catalogueColours, catalogueProducts);
});
afterAll(() => catalog.close());

const announcements = async (code: string) =>
  (
    await catalog.db.query("SELECT payload FROM outbox WHERE name = 'product.updated' AND payload->>'code' = $1 ORDER BY position", [code])
  ).rows.map((row) => row.payload);

describe('GET /product/code/{code}', () => {
  it("answers the spec's Product shape for the rope bracelet", async () => {
    const response = await catalog.app.inject({ url: '/product/code/BRACELET_CORDE' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      code: 'BRACELET_CORDE',
      name: 'Bracelet en corde',
      images: [1, 2, 3].map((view) => `/catalog/images/v1/BRACELET_CORDE/bleu/${view}-720.webp`),
      price: 39.99,
      short_description: expect.stringMatching(/corde tressée/),
      description: expect.stringMatching(/QR code/),
      colors: ['Bleu marine', 'Orange', 'Sable'],
      colors_test: [
        { nom: 'Bleu marine', code: '#1F3A5F' },
        { nom: 'Orange', code: '#E8772E' },
        { nom: 'Sable', code: '#D8C3A0' },
      ],
      caracteristics: expect.arrayContaining(['Tour de poignet réglable de 12 à 18 cm']),
    });
    expect(response.headers['cache-control']).toBe('public, max-age=60');
    for (const code of ['TAORA', 'AROHA', 'taora'])
      expect((await catalog.app.inject({ url: `/product/code/${code}` })).statusCode, code).toBe(200);
  });

  it('answers an unknown code with 404 in the kit shape', async () => {
    const response = await catalog.app.inject({ url: '/product/code/NOPE' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: { code: 'not_found', message: 'Produit introuvable.' } });
  });

  it('lists the products on sale with their colours and slugs, in the shop’s order', async () => {
    const list = (await catalog.app.inject({ url: '/catalog/products' })).json();
    expect(list.map((product: { code: string }) => product.code)).toEqual(['BRACELET_CORDE', 'TAORA', 'AROHA']);
    expect(list[2]).toMatchObject({
      slug: 'aroha',
      range: 'argent',
      price: 79,
      colors: [{ slug: 'argent', name: 'Argent', hex: '#C0C4C8' }],
    });
  });
});

describe('product.updated', () => {
  it('announces each product once, again only when what checkout charges changes, and when it goes off sale', async () => {
    expect((await announcements('BRACELET_CORDE')).length).toBe(1);
    expect(await announcements('BRACELET_CORDE')).toEqual([
      expect.objectContaining({
        code: 'BRACELET_CORDE',
        productName: 'Bracelet en corde',
        unitPriceCents: 3999,
        active: true,
        colours: [
          { slug: 'bleu', name: 'Bleu marine' },
          { slug: 'orange', name: 'Orange' },
          { slug: 'sable', name: 'Sable' },
        ],
      }),
    ]);
    // Published again unchanged: nothing new.
    expect(await publishCatalogue(catalog.db, catalogueColours, catalogueProducts)).toEqual([]);
    // A price change is announced; only that product.
    const cheaper: CatalogueProduct[] = catalogueProducts.map((product) =>
      product.code === 'TAORA' ? { ...product, priceCents: 3499 } : product,
    );
    expect(await publishCatalogue(catalog.db, catalogueColours, cheaper)).toEqual(['TAORA']);
    expect((await announcements('TAORA')).at(-1)).toMatchObject({ unitPriceCents: 3499 });
    // A product the catalogue no longer lists goes off sale, announced, and is no longer shown.
    const withoutAroha = catalogueProducts.filter((product) => product.code !== 'AROHA');
    expect(await publishCatalogue(catalog.db, catalogueColours, withoutAroha)).toEqual(['TAORA', 'AROHA']);
    expect((await announcements('AROHA')).at(-1)).toMatchObject({ active: false });
    expect((await catalog.app.inject({ url: '/product/code/AROHA' })).statusCode).toBe(404);
    await publishCatalogue(catalog.db, catalogueColours, catalogueProducts);
  });
});

describe('product pictures', () => {
  it('draws each view in the widths and formats of its srcset, 4:5, cached for a year, and keeps it', async () => {
    const list = (await catalog.app.inject({ url: '/catalog/products' })).json();
    const [first] = list[0].galleries.orange;
    expect(first).toMatchObject({ width: 720, height: 900, src: '/catalog/images/v1/BRACELET_CORDE/orange/1-720.webp' });
    expect(first.srcset_avif).toBe(
      '/catalog/images/v1/BRACELET_CORDE/orange/1-360.avif 360w, /catalog/images/v1/BRACELET_CORDE/orange/1-720.avif 720w, /catalog/images/v1/BRACELET_CORDE/orange/1-1080.avif 1080w',
    );
    for (const [url, format, width] of [
      ['/catalog/images/v1/BRACELET_CORDE/orange/1-720.webp', 'webp', 720],
      ['/catalog/images/v1/AROHA/argent/3-360.avif', 'heif', 360],
    ] as const) {
      const response = await catalog.app.inject({ url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const metadata = await sharp(response.rawPayload).metadata();
      expect([metadata.format, metadata.width, metadata.height]).toEqual([format, width, (width * 5) / 4]);
    }
    const kept = await catalog.db.query(
      "SELECT count(*)::int AS n FROM product_pictures WHERE product_code = 'BRACELET_CORDE' AND colour_slug = 'orange'",
    );
    expect(kept.rows[0]?.n).toBe(1);
  });

  it('answers 404 for a colour, view or version the catalogue does not have, and 400 for a file name it never gives', async () => {
    for (const url of [
      '/catalog/images/v1/AROHA/bleu/1-720.webp',
      '/catalog/images/v1/BRACELET_CORDE/bleu/4-720.webp',
      '/catalog/images/v0/BRACELET_CORDE/bleu/1-720.webp',
      '/catalog/images/v1/NOPE/bleu/1-720.webp',
    ]) {
      expect((await catalog.app.inject({ url })).statusCode, url).toBe(404);
    }
    for (const url of ['/catalog/images/v1/BRACELET_CORDE/bleu/1-721.webp', '/catalog/images/v1/BRACELET_CORDE/bleu/1-720.png']) {
      expect((await catalog.app.inject({ url })).statusCode, url).toBe(400);
    }
  });
});
