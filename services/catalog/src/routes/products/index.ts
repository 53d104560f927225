import { errorResponseSchema } from '@bracelet/contracts';
import { type HttpServer, notFound } from '@bracelet/service-kit';
import { z } from 'zod';
import { createProductRepository, type Product } from '../../db/products.repository.js';
import type { CatalogDeps } from '../../use-cases/deps.js';

/** The spec's Product (§3), as `GET /product/code/{code}` answers it. */
const productResponseSchema = z.object({
  code: z.string(),
  name: z.string(),
  images: z.array(z.string()),
  price: z.number(),
  short_description: z.string(),
  description: z.string(),
  colors: z.array(z.string()),
  colors_test: z.array(z.object({ nom: z.string(), code: z.string() })),
  caracteristics: z.array(z.string()),
});

/** The catalogue list (product list, the home page's grid): each product with its colours and slugs. */
const productListSchema = z.array(
  z.object({
    code: z.string(),
    slug: z.string(),
    name: z.string(),
    range: z.enum(['corde', 'argent']),
    price: z.number(),
    short_description: z.string(),
    colors: z.array(z.object({ slug: z.string(), name: z.string(), hex: z.string() })),
  }),
);

/** Cents to the spec's euros (a number with two decimals: 39.99). */
const euros = (cents: number) => Math.round(cents) / 100;

const productAnswer = (product: Product) => ({
  code: product.code,
  name: product.name,
  // Pictures are not generated yet (shop issue): the list is honest, and empty.
  images: [],
  price: euros(product.priceCents),
  short_description: product.shortDescription,
  description: product.description,
  colors: product.colours.map((colour) => colour.name),
  colors_test: product.colours.map((colour) => ({ nom: colour.name, code: colour.hex })),
  caracteristics: product.caracteristics,
});

/** The catalogue is public and the same for everyone: shared caches may keep it a minute. */
const PUBLIC_CACHE = 'public, max-age=60';

export function registerProductRoutes(app: HttpServer, { db }: CatalogDeps): void {
  const products = createProductRepository(db);

  app.get(
    '/product/code/:code',
    {
      schema: {
        params: z.object({ code: z.string().max(40) }),
        response: { 200: productResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const product = await products.findByCode(request.params.code.toUpperCase());
      if (!product?.active) throw notFound('Produit introuvable.');
      reply.header('cache-control', PUBLIC_CACHE);
      return productAnswer(product);
    },
  );

  app.get('/catalog/products', { schema: { response: { 200: productListSchema } } }, async (_request, reply) => {
    reply.header('cache-control', PUBLIC_CACHE);
    return (await products.listActive()).map((product) => ({
      code: product.code,
      slug: product.slug,
      name: product.name,
      range: product.range,
      price: euros(product.priceCents),
      short_description: product.shortDescription,
      colors: product.colours,
    }));
  });
}
