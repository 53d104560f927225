import type { CatalogColour, CatalogPicture, CatalogProduct } from '@bracelet/contracts/http';
import { type CartLine, mergeLine } from '@bracelet/ui';

/** The catalogue's answer, if it is one (a page must not crash on an unexpected body). */
export const productsOf = (data: unknown): CatalogProduct[] =>
  Array.isArray(data)
    ? data.filter((product: CatalogProduct) => product && Array.isArray(product.colors) && product.colors.length > 0)
    : [];

/** The colour of a product's page: the one in the route, else the first (spec §2.9). */
export const colourOf = (product: CatalogProduct, slug: string | undefined): CatalogColour =>
  product.colors.find((colour) => colour.slug === slug) ?? (product.colors[0] as CatalogColour);

/** A colour named by a cart line or a product answer: by name or by slug, whatever the case. */
export function colourNamed(product: CatalogProduct, name: string): CatalogColour | undefined {
  const wanted = name.trim().toLowerCase();
  return product.colors.find((colour) => colour.name.toLowerCase() === wanted || colour.slug === wanted);
}

export const picturesOf = (product: CatalogProduct, colour: CatalogColour | undefined): CatalogPicture[] =>
  (colour && product.galleries[colour.slug]) || [];

/** The page of a product in a colour (spec §2.9). */
export const productPath = (product: Pick<CatalogProduct, 'slug'>, colour: Pick<CatalogColour, 'slug'>) =>
  `/products/${encodeURIComponent(product.slug)}/${encodeURIComponent(colour.slug)}`;

/** The cart line of a product in a colour (spec §3: the first picture of the gallery, or none). */
export function cartLineOf(
  product: { code: string; name: string; price: number },
  colourName: string,
  firstPicture: CatalogPicture | string | undefined,
  quantity: number,
): CartLine {
  const image = typeof firstPicture === 'string' ? firstPicture : (firstPicture?.src ?? '');
  return { code: product.code, name: product.name, image, color: colourName, quantity, price: product.price };
}

/**
 * The cart checked against the catalogue: a line of a product no longer sold, or of a colour it
 * does not come in, goes; name, price and picture are the catalogue's (a stored price is never
 * trusted), and lines that turn out to be the same product and colour are merged.
 */
export function reconcileCart(lines: readonly CartLine[], products: readonly CatalogProduct[]): CartLine[] {
  let checked: CartLine[] = [];
  for (const line of lines) {
    const product = products.find((candidate) => candidate.code === line.code.toUpperCase());
    const colour = product && colourNamed(product, line.color);
    if (!product || !colour) continue;
    checked = mergeLine(checked, cartLineOf(product, colour.name, picturesOf(product, colour)[0], line.quantity));
  }
  return checked;
}

export const sameLines = (a: readonly CartLine[], b: readonly CartLine[]) => JSON.stringify(a) === JSON.stringify(b);
