import type { CatalogProduct } from '@bracelet/contracts/http';
import type { CartLine } from '@bracelet/ui';
import { describe, expect, it } from 'vitest';
import { colourOf, productPath, productsOf, reconcileCart } from './catalogue';

const picture = (code: string, colour: string) => ({
  src: `/catalog/images/v1/${code}/${colour}/1-720.webp`,
  srcset_avif: '',
  srcset_webp: '',
  width: 720,
  height: 900,
});

const rope: CatalogProduct = {
  code: 'BRACELET_CORDE',
  slug: 'bracelet-corde',
  name: 'Bracelet en corde',
  range: 'corde',
  price: 39.99,
  short_description: '',
  colors: [
    { slug: 'bleu', name: 'Bleu marine', hex: '#1F3A5F' },
    { slug: 'orange', name: 'Orange', hex: '#E8772E' },
  ],
  galleries: { bleu: [picture('BRACELET_CORDE', 'bleu')], orange: [picture('BRACELET_CORDE', 'orange')] },
};

const line = (overrides: Partial<CartLine> = {}): CartLine => ({
  code: 'BRACELET_CORDE',
  name: 'Bracelet en corde',
  image: '/catalog/images/v1/BRACELET_CORDE/bleu/1-720.webp',
  color: 'Bleu marine',
  quantity: 1,
  price: 39.99,
  ...overrides,
});

describe("the shop's reading of the catalogue", () => {
  it("falls back to a product's first colour for an unknown slug (spec §2.9)", () => {
    expect(colourOf(rope, 'orange').name).toBe('Orange');
    expect(colourOf(rope, 'violet').name).toBe('Bleu marine');
    expect(colourOf(rope, undefined).name).toBe('Bleu marine');
    expect(productPath(rope, { slug: 'orange' })).toBe('/products/bracelet-corde/orange');
  });

  it('ignores an answer that is not a list of products', () => {
    expect(productsOf({ error: 'x' })).toEqual([]);
    expect(productsOf([null, { ...rope, colors: [] }, rope])).toEqual([rope]);
  });
});

describe('the cart checked against the catalogue', () => {
  it('keeps good lines as they are', () => {
    const lines = [line(), line({ color: 'Orange', image: picture('BRACELET_CORDE', 'orange').src, quantity: 3 })];
    expect(reconcileCart(lines, [rope])).toEqual(lines);
  });

  it("drops unknown products and colours, and takes the catalogue's price, name and picture", () => {
    const tampered = [
      line({ code: 'INCONNU' }),
      line({ color: 'Violet' }),
      line({ price: 0.01, name: 'Gratuit', image: '' }),
      line({ code: 'bracelet_corde', color: 'orange', quantity: 2 }),
    ];
    expect(reconcileCart(tampered, [rope])).toEqual([
      line(),
      line({ color: 'Orange', image: picture('BRACELET_CORDE', 'orange').src, quantity: 2 }),
    ]);
  });

  it('merges lines that turn out to be the same product and colour', () => {
    expect(reconcileCart([line({ color: 'bleu', quantity: 15 }), line({ quantity: 10 })], [rope])).toEqual([line({ quantity: 20 })]);
  });
});
