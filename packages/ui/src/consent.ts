/**
 * The visitor's consent, per purpose (CNIL): `measure` covers visit tracking, the cart-tracking
 * event and page-view reporting. The consent banner (not built yet) stores its choices under
 * CONSENT_KEY as JSON `{ "measure": true | false, "decided_at": "<ISO date>" }`; a choice is
 * remembered 6 months. Nothing stored, anything unreadable or an old choice: no consent.
 */
export const CONSENT_KEY = 'braceletqr-consent';
export type ConsentPurpose = 'measure';
const REMEMBERED_MS = 183 * 24 * 3600 * 1000;

export function hasConsent(purpose: ConsentPurpose, now = Date.now()): boolean {
  try {
    const stored: unknown = JSON.parse(globalThis.localStorage?.getItem(CONSENT_KEY) ?? 'null');
    if (typeof stored !== 'object' || stored === null) return false;
    const choices = stored as Record<string, unknown>;
    if (choices[purpose] !== true) return false;
    const decidedAt = typeof choices.decided_at === 'string' ? Date.parse(choices.decided_at) : Number.NaN;
    return decidedAt <= now && now - decidedAt < REMEMBERED_MS;
  } catch {
    return false;
  }
}
