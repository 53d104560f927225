import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  addToCart,
  CART_EVENT,
  CART_KEY,
  type CartLine,
  clearCart,
  countOf,
  formatEuros,
  mergeLine,
  parseCart,
  readCart,
  removeFromCart,
  replaceCart,
  setQuantity,
  subtotalCents,
} from './cart';
import { CONSENT_KEY, hasConsent } from './consent';

const rope = (color = 'Bleu marine', quantity = 1): CartLine => ({
  code: 'BRACELET_CORDE',
  name: 'Bracelet en corde',
  image: '/catalog/images/v1/BRACELET_CORDE/bleu/1-720.webp',
  color,
  quantity,
  price: 39.99,
});

/** A localStorage of our own; `refuse` makes it throw like Safari's private browsing once did. */
function fakeStorage(initial: Record<string, string> = {}, refuse = false) {
  const items = new Map(Object.entries(initial));
  return {
    items,
    getItem: (key: string) => {
      if (refuse) throw new Error('SecurityError');
      return items.get(key) ?? null;
    },
    setItem: (key: string, value: string) => {
      if (refuse) throw new Error('QuotaExceededError');
      items.set(key, value);
    },
    removeItem: (key: string) => items.delete(key),
  };
}

describe('the stored cart, read whatever it holds', () => {
  it('reads a well-formed cart as it is', () => {
    expect(parseCart(JSON.stringify([rope(), rope('Orange', 3)]))).toEqual([rope(), rope('Orange', 3)]);
  });

  it('is empty for nothing, bad JSON or anything but a list', () => {
    for (const raw of [null, undefined, '', '{not json', '"panier"', '42', 'null', '{"items":[]}', JSON.stringify({ ...rope() })]) {
      expect(parseCart(raw)).toEqual([]);
    }
  });

  it('leaves out lines of the wrong types or shapes', () => {
    const stored = [
      null,
      'BRACELET_CORDE',
      [rope()],
      { ...rope(), code: 42 },
      { ...rope(), code: '   ' },
      { ...rope(), name: undefined },
      { ...rope(), color: { nom: 'Bleu' } },
      { ...rope(), quantity: '3' },
      { ...rope(), quantity: Number.NaN },
      { ...rope(), price: '39.99' },
      { ...rope(), price: -1 },
      { ...rope(), price: 1e9 },
      { ...rope(), code: 'X'.repeat(41) },
      rope('Sable', 2),
    ];
    expect(parseCart(JSON.stringify(stored))).toEqual([rope('Sable', 2)]);
  });

  it('leaves out zero and negative quantities, and brings huge ones down to 20', () => {
    const stored = [rope('Bleu marine', 0), rope('Orange', -5), rope('Sable', 1e9), { ...rope('Rose'), quantity: 2.7 }];
    expect(parseCart(JSON.stringify(stored))).toEqual([rope('Sable', 20), rope('Rose', 2)]);
    // JSON has no Infinity: 1e999 reads as Infinity, and is brought down too.
    expect(parseCart(`[${JSON.stringify(rope()).replace('"quantity":1', '"quantity":1e999')}]`)).toEqual([rope('Bleu marine', 20)]);
  });

  it('drops a picture that is not a path of this site', () => {
    for (const image of ['https://tracker.example/pixel.gif', '//tracker.example/p.gif', 'javascript:alert(1)', '/a" onerror="x', 42]) {
      expect(parseCart(JSON.stringify([{ ...rope(), image }]))).toEqual([{ ...rope(), image: '' }]);
    }
    expect(parseCart(JSON.stringify([{ ...rope(), image: undefined }]))).toEqual([{ ...rope(), image: '' }]);
  });

  it('merges lines of the same code and colour, at most 20', () => {
    expect(parseCart(JSON.stringify([rope('Orange', 2), rope('Bleu marine'), rope('Orange', 3), rope('Orange', 19)]))).toEqual([
      rope('Orange', 20),
      rope('Bleu marine'),
    ]);
  });

  it('keeps at most 50 lines', () => {
    const stored = Array.from({ length: 80 }, (_unused, index) => rope(`Couleur ${index}`));
    expect(parseCart(JSON.stringify(stored))).toHaveLength(50);
  });
});

describe('merging and totals', () => {
  it('adds the same code and colour to its line, anything else as a new line', () => {
    const once = mergeLine([], rope());
    const twice = mergeLine(once, rope('Bleu marine', 3));
    expect(twice).toEqual([rope('Bleu marine', 4)]);
    expect(mergeLine(twice, rope('Orange'))).toEqual([rope('Bleu marine', 4), rope('Orange')]);
    expect(mergeLine(twice, { ...rope(), code: 'TAORA' })).toHaveLength(2);
    expect(mergeLine([rope('Bleu marine', 18)], rope('Bleu marine', 5))).toEqual([rope('Bleu marine', 20)]);
  });

  it('counts the items, sums in cents and writes prices the French way', () => {
    const lines = [rope('Bleu marine', 4), rope('Orange', 1), { ...rope('Argent', 1), price: 79 }];
    expect(countOf(lines)).toBe(6);
    expect(subtotalCents(lines)).toBe(4 * 3999 + 3999 + 7900);
    expect(formatEuros(3999)).toBe('39,99€');
    expect(formatEuros(subtotalCents(lines))).toBe('278,95€');
    expect(formatEuros(0)).toBe('0,00€');
    // 0.1 + 0.2 is not 0.3 in floating point; the cart never shows that.
    expect(
      subtotalCents([
        { ...rope(), price: 0.1 },
        { ...rope('Orange'), price: 0.2 },
      ]),
    ).toBe(30);
  });
});

describe('the cart store', () => {
  let storage: ReturnType<typeof fakeStorage>;
  const events = new EventTarget();
  let announced = 0;
  const onChange = () => {
    announced += 1;
  };

  beforeEach(() => {
    storage = fakeStorage();
    vi.stubGlobal('localStorage', storage);
    vi.stubGlobal('dispatchEvent', (event: Event) => events.dispatchEvent(event));
    events.addEventListener(CART_EVENT, onChange);
    announced = 0;
  });
  afterEach(() => {
    events.removeEventListener(CART_EVENT, onChange);
    vi.unstubAllGlobals();
  });

  it('adds, merges, changes quantities within 1 to 20, removes and clears, in local storage', () => {
    addToCart(rope());
    addToCart(rope('Bleu marine', 3));
    addToCart(rope('Orange'));
    expect(readCart()).toEqual([rope('Bleu marine', 4), rope('Orange')]);
    expect(JSON.parse(storage.items.get(CART_KEY) ?? '')).toEqual(readCart());

    setQuantity(rope('Orange'), 0);
    expect(readCart()[1]?.quantity).toBe(1);
    setQuantity(rope('Orange'), -3);
    expect(readCart()[1]?.quantity).toBe(1);
    setQuantity(rope('Orange'), 99);
    expect(readCart()[1]?.quantity).toBe(20);
    setQuantity(rope('Orange'), 5);
    expect(readCart()[1]?.quantity).toBe(5);

    removeFromCart(rope('Bleu marine'));
    expect(readCart()).toEqual([rope('Orange', 5)]);
    clearCart();
    expect(readCart()).toEqual([]);
    expect(announced).toBe(9);
  });

  it('keeps the same array while nothing changes, so a page does not render for nothing', () => {
    addToCart(rope());
    expect(readCart()).toBe(readCart());
  });

  it('repairs a tampered cart on the next change and never throws', () => {
    storage.items.set(CART_KEY, JSON.stringify([rope('Orange', -2), { ...rope(), quantity: 500 }, 'x']));
    expect(readCart()).toEqual([rope('Bleu marine', 20)]);
    addToCart(rope('Sable'));
    expect(JSON.parse(storage.items.get(CART_KEY) ?? '')).toEqual([rope('Bleu marine', 20), rope('Sable')]);
    storage.items.set(CART_KEY, '][');
    expect(readCart()).toEqual([]);
  });

  it('refuses a line that is not one: no quantity, a negative one', () => {
    addToCart({ ...rope(), quantity: -1 });
    addToCart({ ...rope(), quantity: Number.NaN });
    expect(readCart()).toEqual([]);
  });

  it('replaces the cart with a checked one', () => {
    addToCart(rope('Orange', 2));
    replaceCart([rope(), rope('Bleu marine', 2)]);
    expect(readCart()).toEqual([rope('Bleu marine', 3)]);
  });

  // Last: once storage has refused a write, this page's cart stays in memory.
  it('works in memory when local storage is refused', () => {
    vi.stubGlobal('localStorage', fakeStorage({}, true));
    clearCart();
    addToCart(rope());
    addToCart(rope());
    expect(readCart()).toEqual([rope('Bleu marine', 2)]);
    clearCart();
  });
});

describe('consent', () => {
  afterEach(() => vi.unstubAllGlobals());
  const now = Date.parse('2026-06-01T12:00:00Z');
  const stored = (value: string | undefined) =>
    vi.stubGlobal('localStorage', fakeStorage(value === undefined ? {} : { [CONSENT_KEY]: value }));

  it('is refused when nothing is stored, unreadable or not a yes', () => {
    for (const value of [undefined, '', '{', 'true', '[]', '{"measure":"yes","decided_at":"2026-05-01T00:00:00Z"}', '{"measure":true}']) {
      stored(value);
      expect(hasConsent('measure', now)).toBe(false);
    }
    stored(JSON.stringify({ measure: false, decided_at: '2026-05-01T00:00:00Z' }));
    expect(hasConsent('measure', now)).toBe(false);
  });

  it('is given by a yes of less than 6 months', () => {
    stored(JSON.stringify({ measure: true, decided_at: '2026-05-01T00:00:00Z' }));
    expect(hasConsent('measure', now)).toBe(true);
    stored(JSON.stringify({ measure: true, decided_at: '2025-11-01T00:00:00Z' }));
    expect(hasConsent('measure', now)).toBe(false);
  });

  it('is refused without local storage', () => {
    vi.stubGlobal('localStorage', fakeStorage({}, true));
    expect(hasConsent('measure', now)).toBe(false);
  });
});
