import { FREE_SHIPPING_FROM_CENTS, SHIPPING_CENTS } from '@bracelet/contracts/values';
import type { PricedProduct } from './db/price-list.repository.js';

/**
 * The server's price of an order (brief §3: the amounts a client sends are never charged). Each
 * line is priced from checkout's own price list; shipping from the spec's table (§9): home
 * standard 5.90 €, home express 12.90 €, relay point 3.90 €; standard and relay free from 70 € of
 * goods (the banner's promise), express never free.
 */
// One table for what the cart announces and what checkout charges.
export { FREE_SHIPPING_FROM_CENTS, SHIPPING_CENTS };
export const MAX_QUANTITY = 20;

export type Delivery = 'standard' | 'express' | 'relay';
export type RequestedLine = { code: string; color: string; quantity: number };
export type PricedLine = {
  code: string;
  productName: string;
  colourSlug: string;
  colourName: string;
  quantity: number;
  unitPriceCents: number;
  totalCents: number;
};
export type PricedOrder = { lines: PricedLine[]; goodsCents: number; shippingCents: number; totalCents: number };

/** A line the shop cannot sell as asked, named for the buyer. */
export class UnsellableLineError extends Error {
  constructor(
    readonly lineIndex: number,
    message: string,
  ) {
    super(message);
  }
}

const sameColour = (requested: string, colour: { slug: string; name: string }) =>
  requested.trim().toLowerCase() === colour.slug || requested.trim().toLowerCase() === colour.name.toLowerCase();

/** Prices the requested lines against the price list; throws UnsellableLineError for the first line that cannot be sold. */
export function priceOrder(
  priceList: ReadonlyMap<string, PricedProduct>,
  requested: readonly RequestedLine[],
  delivery: Delivery,
): PricedOrder {
  const lines = requested.map((line, index): PricedLine => {
    const product = priceList.get(line.code);
    if (!product) throw new UnsellableLineError(index, `Article ${index + 1} : ce produit n'est pas en vente.`);
    const colour = product.colours.find((candidate) => sameColour(line.color, candidate));
    if (!colour) throw new UnsellableLineError(index, `Article ${index + 1} : cette couleur n'existe pas pour ${product.productName}.`);
    if (!Number.isInteger(line.quantity) || line.quantity < 1 || line.quantity > MAX_QUANTITY) {
      throw new UnsellableLineError(index, `Article ${index + 1} : la quantité doit être comprise entre 1 et ${MAX_QUANTITY}.`);
    }
    return {
      code: product.code,
      productName: product.productName,
      colourSlug: colour.slug,
      colourName: colour.name,
      quantity: line.quantity,
      unitPriceCents: product.unitPriceCents,
      totalCents: product.unitPriceCents * line.quantity,
    };
  });
  const goodsCents = lines.reduce((sum, line) => sum + line.totalCents, 0);
  const shippingCents = delivery !== 'express' && goodsCents >= FREE_SHIPPING_FROM_CENTS ? 0 : SHIPPING_CENTS[delivery];
  return { lines, goodsCents, shippingCents, totalCents: goodsCents + shippingCents };
}
