/**
 * The visitor's consent, per purpose (CNIL): `measure` covers visit tracking, the cart-tracking
 * event and page-view reporting. The shell's consent banner stores the choices under CONSENT_KEY
 * as JSON `{ "measure": true | false, "decided_at": "<ISO date>" }`; a choice, given or refused, is
 * remembered 6 months, then asked again. Nothing stored, anything unreadable or an old choice: no
 * consent, and the banner asks.
 */
export const CONSENT_KEY = 'braceletqr-consent';
/** Announced on window when the visitor changes a choice, so what depends on it can act at once. */
export const CONSENT_EVENT = 'braceletqr-consent-changed';
/** Announced on window to show the banner again (the footer's 'Gérer mes cookies'). */
export const CONSENT_REOPEN_EVENT = 'braceletqr-consent-reopen';

export type ConsentPurpose = 'measure';
export type ConsentChoices = Record<ConsentPurpose, boolean>;
const REMEMBERED_MS = 183 * 24 * 3600 * 1000;

/** The visitor's standing choices, or null when they have to be asked (none, unreadable, expired). */
export function readConsent(now = Date.now()): ConsentChoices | null {
  try {
    const stored: unknown = JSON.parse(globalThis.localStorage?.getItem(CONSENT_KEY) ?? 'null');
    if (typeof stored !== 'object' || stored === null) return null;
    const choices = stored as Record<string, unknown>;
    if (typeof choices.measure !== 'boolean') return null;
    const decidedAt = typeof choices.decided_at === 'string' ? Date.parse(choices.decided_at) : Number.NaN;
    if (!(decidedAt <= now && now - decidedAt < REMEMBERED_MS)) return null;
    return { measure: choices.measure };
  } catch {
    return null;
  }
}

export function hasConsent(purpose: ConsentPurpose, now = Date.now()): boolean {
  return readConsent(now)?.[purpose] === true;
}

/** Keeps the visitor's choices for 6 months and tells the page they changed. */
export function saveConsent(choices: ConsentChoices, now = Date.now()): void {
  try {
    localStorage.setItem(CONSENT_KEY, JSON.stringify({ ...choices, decided_at: new Date(now).toISOString() }));
  } catch {
    // Storage refused (private mode, full): the choice holds for this page only, and nothing is measured.
  }
  window.dispatchEvent(new CustomEvent(CONSENT_EVENT, { detail: choices }));
}

/** Shows the consent banner again, for the visitor to change their choices. */
export function reopenConsent(): void {
  window.dispatchEvent(new CustomEvent(CONSENT_REOPEN_EVENT));
}
