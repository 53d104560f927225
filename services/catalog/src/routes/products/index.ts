import { catalogProductListSchema, errorResponseSchema, productResponseSchema } from '@bracelet/contracts';
import { type HttpServer, notFound } from '@bracelet/service-kit';
import { z } from 'zod';
import { createProductRepository, type Product } from '../../db/products.repository.js';
import type { PictureFormat, PictureWidth } from '../../pictures/render.js';
import { galleryOf } from '../../pictures/urls.js';
import type { CatalogDeps } from '../../use-cases/deps.js';
import { getPicture } from '../../use-cases/get-picture.js';

/** Cents to the spec's euros (a number with two decimals: 39.99). */
const euros = (cents: number) => Math.round(cents) / 100;

const productAnswer = (product: Product) => ({
  code: product.code,
  name: product.name,
  // The first colour's pictures (the spec's list of sources); galleries per colour are in the list.
  images: galleryOf(product.code, product.colours[0]?.slug ?? '').map((picture) => picture.src),
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

  app.get('/catalog/products', { schema: { response: { 200: catalogProductListSchema } } }, async (_request, reply) => {
    reply.header('cache-control', PUBLIC_CACHE);
    return (await products.listActive()).map((product) => ({
      code: product.code,
      slug: product.slug,
      name: product.name,
      range: product.range,
      price: euros(product.priceCents),
      short_description: product.shortDescription,
      colors: product.colours,
      galleries: Object.fromEntries(product.colours.map((colour) => [colour.slug, galleryOf(product.code, colour.slug)])),
    }));
  });

  app.get(
    '/catalog/images/:version/:code/:colour/:file',
    {
      schema: {
        params: z.object({
          version: z.string().max(8),
          code: z.string().max(40),
          colour: z.string().max(40),
          file: z.string().regex(/^([1-9]|10)-(360|720|1080)\.(avif|webp)$/, { message: 'Image inconnue.' }),
        }),
      },
    },
    async (request, reply) => {
      const { version, code, colour, file } = request.params;
      const [, position, width, format] = /^(\d+)-(\d+)\.(avif|webp)$/.exec(file) as RegExpExecArray;
      const picture = await getPicture(db, {
        version,
        code,
        colour,
        position: Number(position),
        width: Number(width) as PictureWidth,
        format: format as PictureFormat,
      });
      if (!picture) throw notFound('Image introuvable.');
      return reply
        .header('content-type', `image/${format}`)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .send(picture);
    },
  );
}
