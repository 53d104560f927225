import { createEvent, type EventOf } from '@bracelet/contracts';
import { type Pool, withTransaction, writeEvents } from '@bracelet/service-kit';
import type { CatalogueColour, CatalogueProduct } from '../catalogue.js';
import { createProductRepository, type Product } from '../db/products.repository.js';

/** What checkout needs of a product: the event's payload. */
const announcementOf = (product: Product): EventOf<'product.updated'> =>
  createEvent('product.updated', {
    code: product.code,
    productName: product.name,
    colours: product.colours.map(({ slug, name }) => ({ slug, name })),
    unitPriceCents: product.priceCents,
    active: product.active,
  });

const sameAnnouncement = (before: Product | undefined, after: Product) =>
  before !== undefined &&
  before.name === after.name &&
  before.priceCents === after.priceCents &&
  before.active === after.active &&
  JSON.stringify(before.colours.map(({ slug, name }) => [slug, name])) ===
    JSON.stringify(after.colours.map(({ slug, name }) => [slug, name]));

/**
 * Writes the catalogue into catalog's tables in one transaction, and announces with
 * product.updated every product that is new or changed what checkout charges (name, colours,
 * price, on sale or not) — including products taken off sale. Running it again changes nothing.
 * Returns the codes announced.
 */
export function publishCatalogue(db: Pool, colours: readonly CatalogueColour[], products: readonly CatalogueProduct[]): Promise<string[]> {
  return withTransaction(db, async (tx) => {
    const repository = createProductRepository(tx);
    // One publisher at a time (two starting replicas would otherwise both announce).
    await repository.lockCatalogue();
    await repository.upsertColours(colours);
    const events: EventOf<'product.updated'>[] = [];
    for (const [position, product] of products.entries()) {
      const before = await repository.findByCode(product.code);
      await repository.upsert(product, position);
      const after = (await repository.findByCode(product.code)) as Product;
      if (!sameAnnouncement(before, after)) events.push(announcementOf(after));
    }
    for (const code of await repository.deactivateAllBut(products.map((product) => product.code))) {
      events.push(announcementOf((await repository.findByCode(code)) as Product));
    }
    await writeEvents(tx, 'catalog', events);
    return events.map((event) => event.code);
  });
}
