import type { Queryable } from '@bracelet/service-kit';
import type { CatalogueColour, CatalogueProduct } from '../catalogue.js';

export type ProductColour = CatalogueColour;
/** A product as stored: as the catalogue describes it, with its colours in full and whether it is on sale. */
export type Product = Omit<CatalogueProduct, 'colours'> & { active: boolean; colours: ProductColour[] };

type ProductRow = {
  code: string;
  slug: string;
  name: string;
  product_range: 'corde' | 'argent';
  price_cents: number;
  short_description: string;
  description: string;
  caracteristics: string[];
  active: boolean;
  colours: ProductColour[];
};

const toProduct = (row: ProductRow): Product => ({
  code: row.code,
  slug: row.slug,
  name: row.name,
  range: row.product_range,
  priceCents: row.price_cents,
  shortDescription: row.short_description,
  description: row.description,
  caracteristics: row.caracteristics,
  active: row.active,
  colours: row.colours,
});

const selectProducts = `
  SELECT p.code, p.slug, p.name, p.product_range, p.price_cents, p.short_description, p.description, p.caracteristics, p.active,
    COALESCE(
      (SELECT json_agg(json_build_object('slug', c.slug, 'name', c.name, 'hex', c.hex) ORDER BY pc.position)
       FROM product_colours pc JOIN colours c ON c.slug = pc.colour_slug WHERE pc.product_code = p.code),
      '[]') AS colours
  FROM products p`;

/** The catalogue: products with their colours in order. */
export function createProductRepository(db: Queryable) {
  return {
    async findByCode(code: string): Promise<Product | undefined> {
      const { rows } = await db.query<ProductRow>(`${selectProducts} WHERE p.code = $1`, [code]);
      return rows[0] && toProduct(rows[0]);
    },

    /** The products on sale, in the shop's order. */
    async listActive(): Promise<Product[]> {
      const { rows } = await db.query<ProductRow>(`${selectProducts} WHERE p.active ORDER BY p.position, p.code`);
      return rows.map(toProduct);
    },

    /** Holds the catalogue for this transaction: one writer at a time. */
    async lockCatalogue(): Promise<void> {
      await db.query("SELECT pg_advisory_xact_lock(hashtext('catalog.catalogue'))");
    },

    /** Takes off sale every product the catalogue no longer lists; returns their codes. */
    async deactivateAllBut(codes: readonly string[]): Promise<string[]> {
      const { rows } = await db.query<{ code: string }>(
        'UPDATE products SET active = false, updated_at = now() WHERE active AND NOT (code = ANY($1::text[])) RETURNING code',
        [codes],
      );
      return rows.map((row) => row.code);
    },

    async upsertColours(colours: readonly CatalogueColour[]): Promise<void> {
      await db.query(
        `INSERT INTO colours (slug, name, hex) SELECT * FROM unnest($1::text[], $2::text[], $3::text[])
         ON CONFLICT (slug) DO UPDATE SET name = EXCLUDED.name, hex = EXCLUDED.hex`,
        [colours.map((colour) => colour.slug), colours.map((colour) => colour.name), colours.map((colour) => colour.hex)],
      );
    },

    /** Writes a product as the catalogue describes it (on sale), with its colours in order. */
    async upsert(product: CatalogueProduct, position: number): Promise<void> {
      await db.query(
        `INSERT INTO products (code, slug, name, product_range, price_cents, short_description, description, caracteristics, active, position)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, true, $9)
         ON CONFLICT (code) DO UPDATE SET slug = EXCLUDED.slug, name = EXCLUDED.name, product_range = EXCLUDED.product_range,
           price_cents = EXCLUDED.price_cents, short_description = EXCLUDED.short_description, description = EXCLUDED.description,
           caracteristics = EXCLUDED.caracteristics, active = true, position = EXCLUDED.position, updated_at = now()`,
        [
          product.code,
          product.slug,
          product.name,
          product.range,
          product.priceCents,
          product.shortDescription,
          product.description,
          JSON.stringify(product.caracteristics),
          position,
        ],
      );
      await db.query('DELETE FROM product_colours WHERE product_code = $1', [product.code]);
      await db.query(
        `INSERT INTO product_colours (product_code, colour_slug, position)
         SELECT $1, slug, position FROM unnest($2::text[]) WITH ORDINALITY AS c (slug, position)`,
        [product.code, product.colours],
      );
    },
  };
}
