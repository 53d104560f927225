import * as endpoints from '@bracelet/contracts/endpoints';
import { api, hasConsent, keptId, readCart } from '@bracelet/ui';

/** The cart-tracking session (spec §3: a random id kept in local storage, created only with consent). */
const SESSION_KEY = 'braceletqr-cart-session';

/**
 * Tells catalog the cart just grew (spec §7 POST /track-event), only if the visitor accepted
 * measurement. A failure is only logged: the visitor's cart does not depend on it.
 */
export function trackAddedToCart(): void {
  if (!hasConsent('measure')) return;
  const body = { session_id: keptId('local', SESSION_KEY), status: 'added_to_cart', cart_items: JSON.stringify(readCart()) };
  void api(endpoints.trackEvent(), { json: body }).then((result) => {
    if (!result.ok) console.warn('cart tracking failed', result.status);
  });
}
