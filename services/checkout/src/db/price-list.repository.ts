import type { EventOf } from '@bracelet/contracts';
import type { Queryable } from '@bracelet/service-kit';

export type PricedProduct = {
  code: string;
  productName: string;
  unitPriceCents: number;
  colours: Array<{ slug: string; name: string }>;
  active: boolean;
};

type PriceRow = { code: string; product_name: string; unit_price_cents: number; colours: PricedProduct['colours']; active: boolean };

/** The prices checkout charges, as catalog announced them. */
export function createPriceListRepository(db: Queryable) {
  return {
    /** Keeps what an announcement says, unless a newer one is already kept. */
    async apply(announcement: EventOf<'product.updated'>): Promise<void> {
      await db.query(
        `INSERT INTO price_list (code, product_name, unit_price_cents, colours, active, announced_at)
         VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (code) DO UPDATE SET product_name = EXCLUDED.product_name, unit_price_cents = EXCLUDED.unit_price_cents,
           colours = EXCLUDED.colours, active = EXCLUDED.active, announced_at = EXCLUDED.announced_at
         WHERE price_list.announced_at <= EXCLUDED.announced_at`,
        [
          announcement.code,
          announcement.productName,
          announcement.unitPriceCents,
          JSON.stringify(announcement.colours),
          announcement.active,
          announcement.occurredAt,
        ],
      );
    },

    /** The products on sale among these codes. */
    async findOnSale(codes: readonly string[]): Promise<Map<string, PricedProduct>> {
      const { rows } = await db.query<PriceRow>(
        'SELECT code, product_name, unit_price_cents, colours, active FROM price_list WHERE code = ANY($1::text[]) AND active',
        [codes],
      );
      return new Map(
        rows.map((row) => [
          row.code,
          { code: row.code, productName: row.product_name, unitPriceCents: row.unit_price_cents, colours: row.colours, active: row.active },
        ]),
      );
    },
  };
}
