import * as endpoints from '@bracelet/contracts/endpoints';
import { api, hasConsent, readCart } from '@bracelet/ui';

/** The cart-tracking session (spec §3: a random UUID kept in local storage). */
const SESSION_KEY = 'braceletqr-cart-session';

function randomId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // Outside a secure context (plain http on a LAN address) there is no randomUUID.
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

function cartSessionId(): string {
  try {
    const kept = localStorage.getItem(SESSION_KEY);
    if (kept && /^[A-Za-z0-9_-]{8,64}$/.test(kept)) return kept;
    const created = randomId();
    localStorage.setItem(SESSION_KEY, created);
    return created;
  } catch {
    return randomId();
  }
}

/**
 * Tells catalog the cart just grew (spec §7 POST /track-event), only if the visitor accepted
 * measurement. A failure is only logged: the visitor's cart does not depend on it.
 */
export function trackAddedToCart(): void {
  if (!hasConsent('measure')) return;
  const body = { session_id: cartSessionId(), status: 'added_to_cart', cart_items: JSON.stringify(readCart()) };
  void api(endpoints.trackEvent(), { json: body }).then((result) => {
    if (!result.ok) console.warn('cart tracking failed', result.status);
  });
}
