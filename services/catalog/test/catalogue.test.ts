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
      images: [],
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
