import { useSyncExternalStore } from 'react';

/** A line of the cart (spec §3): `price` is the unit price in euros, `color` the colour's name. */
export type CartLine = { code: string; name: string; image: string; color: string; quantity: number; price: number };

/** Where the cart is kept (spec §3: client storage, a key whose name ends in `cart`). */
export const CART_KEY = 'braceletqr-cart';
/** Announced on `window` when this tab changes the cart; other tabs hear the `storage` event. */
export const CART_EVENT = 'braceletqr:cart';
/** A line holds 1 to 20 of a product in one colour (checkout prices 1 to 20); a cart at most 50 lines. */
export const MAX_QUANTITY = 20;
const MAX_LINES = 50;

const text = (value: unknown, max: number) => (typeof value === 'string' && value.trim() && value.length <= max ? value.trim() : undefined);

/**
 * One stored line, repaired if it can be: a quantity above 20 is brought down to 20, a picture
 * that is not one of ours is dropped. A line without a code, name, colour, a quantity of at least
 * 1 and a sensible price is left out.
 */
function lineOf(value: unknown): CartLine | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const line = value as Record<string, unknown>;
  const code = text(line.code, 40);
  const name = text(line.name, 200);
  const color = text(line.color, 60);
  const { quantity, price } = line;
  if (!code || !name || !color) return undefined;
  if (typeof quantity !== 'number' || !(quantity >= 1)) return undefined;
  if (typeof price !== 'number' || !(price >= 0 && price <= 10_000)) return undefined;
  // Only a picture of this site (a path): never another host, never a script.
  const image = typeof line.image === 'string' && /^\/(?!\/)[^\s"'<>\\]*$/.test(line.image) && line.image.length <= 500 ? line.image : '';
  return { code, name, image, color, quantity: Math.min(Math.floor(quantity), MAX_QUANTITY), price: Math.round(price * 100) / 100 };
}

const sameLine = (a: Pick<CartLine, 'code' | 'color'>, b: Pick<CartLine, 'code' | 'color'>) => a.code === b.code && a.color === b.color;

/** Adds `line` to `lines`: the same code and colour add up (at most 20), anything else is a new line. */
export function mergeLine(lines: readonly CartLine[], line: CartLine): CartLine[] {
  const existing = lines.find((candidate) => sameLine(candidate, line));
  if (!existing) return lines.length >= MAX_LINES ? [...lines] : [...lines, line];
  return lines.map((candidate) =>
    candidate === existing ? { ...candidate, quantity: Math.min(candidate.quantity + line.quantity, MAX_QUANTITY) } : candidate,
  );
}

/**
 * The cart as stored, whatever is stored: bad JSON or anything but a list gives an empty cart,
 * broken lines are repaired or left out, and lines of the same code and colour are merged.
 */
export function parseCart(raw: string | null | undefined): CartLine[] {
  if (!raw) return [];
  let stored: unknown;
  try {
    stored = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(stored)) return [];
  let lines: CartLine[] = [];
  for (const value of stored.slice(0, MAX_LINES * 2)) {
    const line = lineOf(value);
    if (line) lines = mergeLine(lines, line);
  }
  return lines;
}

/** The item count (spec §4): the sum of the quantities. */
export const countOf = (lines: readonly CartLine[]) => lines.reduce((count, line) => count + line.quantity, 0);

/** Euros to cents, the unit every total is computed in (no floating-point drift). */
export const centsOf = (euros: number) => Math.round(euros * 100);

/** The sum of the lines, in cents. */
export const subtotalCents = (lines: readonly CartLine[]) => lines.reduce((sum, line) => sum + centsOf(line.price) * line.quantity, 0);

/** A price as the shop shows it (spec §9): two decimals, a decimal comma, the euro sign: '39,99€'. */
export const formatEuros = (cents: number) => `${(cents / 100).toFixed(2).replace('.', ',')}€`;

/*
 * The store. The shell and each remote bundle their own copy of this module; they agree because
 * the cart lives in one place (local storage, or one object on globalThis when storage is refused)
 * and every change is announced on window.
 */
type Memory = { raw: string | null; storageRefused?: boolean; parsed?: { raw: string | null; lines: CartLine[] } };
const memoryKey = Symbol.for('bracelet.cart');
const shared = globalThis as Record<symbol, Memory | undefined>;
shared[memoryKey] ??= { raw: null };
const memory = shared[memoryKey];

function readRaw(): string | null {
  if (memory.storageRefused) return memory.raw;
  try {
    return globalThis.localStorage ? globalThis.localStorage.getItem(CART_KEY) : memory.raw;
  } catch {
    return memory.raw;
  }
}

/** The cart now (the same array as long as it does not change). */
export function readCart(): CartLine[] {
  const raw = readRaw();
  if (memory.parsed?.raw !== raw) memory.parsed = { raw, lines: parseCart(raw) };
  return memory.parsed.lines;
}

function writeCart(lines: CartLine[]): void {
  const raw = JSON.stringify(lines);
  memory.raw = raw;
  try {
    globalThis.localStorage?.setItem(CART_KEY, raw);
  } catch {
    // Storage refused (private browsing, full): the cart lives in memory for this page.
    memory.storageRefused = true;
  }
  globalThis.dispatchEvent?.(new Event(CART_EVENT));
}

const update = (change: (lines: CartLine[]) => CartLine[]) => writeCart(change(readCart()));

/** Adds a product in a colour (spec §4: the same code and colour increase the line's quantity). */
export function addToCart(line: CartLine): void {
  const repaired = lineOf(line);
  if (repaired) update((lines) => mergeLine(lines, repaired));
}

/** Sets a line's quantity, kept between 1 and 20 (minus never goes below 1). */
export function setQuantity(line: Pick<CartLine, 'code' | 'color'>, quantity: number): void {
  const bounded = Math.max(1, Math.min(MAX_QUANTITY, Math.floor(quantity) || 1));
  update((lines) => lines.map((candidate) => (sameLine(candidate, line) ? { ...candidate, quantity: bounded } : candidate)));
}

export function removeFromCart(line: Pick<CartLine, 'code' | 'color'>): void {
  update((lines) => lines.filter((candidate) => !sameLine(candidate, line)));
}

/** Replaces the whole cart (after checking it against the catalogue, after a payment). */
export function replaceCart(lines: CartLine[]): void {
  writeCart(parseCart(JSON.stringify(lines)));
}

export function clearCart(): void {
  writeCart([]);
}

function subscribe(listener: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === CART_KEY || event.key === null) listener();
  };
  window.addEventListener(CART_EVENT, listener);
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener(CART_EVENT, listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The cart, kept up to date whichever remote, shell or tab changed it. */
const noLines: CartLine[] = [];

export function useCart(): CartLine[] {
  return useSyncExternalStore(subscribe, readCart, () => noLines);
}

/** The item count alone (the header's badge). */
export function useCartCount(): number {
  return useSyncExternalStore(
    subscribe,
    () => countOf(readCart()),
    () => 0,
  );
}
