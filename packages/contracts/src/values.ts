/**
 * Values the server and the pages must agree on, in one place. No zod here: the finder's page
 * imports this module, and must stay light.
 */

/** The session cookie family sets and the gateway reads. */
export const SESSION_COOKIE = 'sid';

/** The federated remotes the shell mounts, and every built frontend. */
export const remoteNames = ['shop', 'family', 'backoffice'] as const;
export type RemoteName = (typeof remoteNames)[number];
export const frontendNames = ['shell', ...remoteNames] as const;

/** A map link anyone can open, no app needed (a finder's position, in mails and in the account). */
export function openStreetMapLink(lat: number, lon: number): string {
  const latitude = lat.toFixed(6);
  const longitude = lon.toFixed(6);
  return `https://www.openstreetmap.org/?mlat=${latitude}&mlon=${longitude}#map=17/${latitude}/${longitude}`;
}

/** Today's date (YYYY-MM-DD) in France, where the families are: a birth date may not be later. */
export function todayInFrance(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/**
 * Delivery prices (spec §9), in cents: home standard, home express, relay point. Standard and
 * relay are free from 70 € of goods (the banner's promise); express never is. Checkout charges
 * these; the cart shows the lowest of them, so what it announces is what checkout will ask.
 */
export const SHIPPING_CENTS = { standard: 590, express: 1290, relay: 390 } as const;
export const FREE_SHIPPING_FROM_CENTS = 7000;

/** The lowest delivery price for this much of goods (relay point, or free from 70 €). */
export function lowestShippingCents(goodsCents: number): number {
  return goodsCents >= FREE_SHIPPING_FROM_CENTS ? 0 : Math.min(...Object.values(SHIPPING_CENTS));
}

/** Bracelets in one batch minted from the back office (`npm run mint` allows more). */
export const MAX_BATCH_QUANTITY = 1000;

/**
 * The simulated provider's test cards (Stripe's own test numbers and PaymentMethods, ADR 012): the
 * checkout page's test form and GET /checkout/config read this one list.
 */
export const SIMULATED_TEST_CARDS = [
  { number: '4242 4242 4242 4242', payment_method: 'pm_card_visa', label: 'Paiement accepté' },
  { number: '4000 0000 0000 0002', payment_method: 'pm_card_chargeDeclined', label: 'Carte refusée' },
  { number: '4000 0000 0000 3220', payment_method: 'pm_card_threeDSecure2Required', label: 'Authentification 3-D Secure' },
] as const;
