import { z } from 'zod';

/** GET /product/code/{code}: the spec's Product (§3); `price` in euros (39.99). */
export const productResponseSchema = z.object({
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
export type ProductResponse = z.infer<typeof productResponseSchema>;

/** One view of a product in one colour: default source, AVIF and WebP srcsets, and its size (4:5). */
export const catalogPictureSchema = z.object({
  src: z.string(),
  srcset_avif: z.string(),
  srcset_webp: z.string(),
  width: z.number(),
  height: z.number(),
});
export type CatalogPicture = z.infer<typeof catalogPictureSchema>;

export const catalogColourSchema = z.object({ slug: z.string(), name: z.string(), hex: z.string() });
export type CatalogColour = z.infer<typeof catalogColourSchema>;

/** One product of GET /catalog/products (the product list, the home page's grid). */
export const catalogProductSchema = z.object({
  code: z.string(),
  slug: z.string(),
  name: z.string(),
  range: z.enum(['corde', 'argent']),
  price: z.number(),
  short_description: z.string(),
  colors: z.array(catalogColourSchema),
  /** Per colour slug, its pictures in the order the shop shows them. */
  galleries: z.record(z.string(), z.array(catalogPictureSchema)),
});
export type CatalogProduct = z.infer<typeof catalogProductSchema>;

/** GET /catalog/products: every product on sale, with its colours and slugs. */
export const catalogProductListSchema = z.array(catalogProductSchema);
export type CatalogProductList = z.infer<typeof catalogProductListSchema>;

/** POST /track-event (cart tracking, sent only with the visitor's consent). */
export const trackEventResponseSchema = z.object({ ok: z.literal(true) });
export type TrackEventResponse = z.infer<typeof trackEventResponseSchema>;

/** POST /add_contact/ (the pre-sale list): the thanks to show. */
export const addContactResponseSchema = z.object({ message: z.string() });
export type AddContactResponse = z.infer<typeof addContactResponseSchema>;
