import * as endpoints from '@bracelet/contracts/endpoints';
import { api } from './api';
import { hasConsent } from './consent';

/*
 * Visit tracking for marketing attribution (spec §3 Visit tracking, §7 POST /track_visit/). The
 * visitor id and visit id are trackers: they are created, kept and sent only with the visitor's
 * consent to measurement. Where a visit came from (the UTM parameters, an outside referrer) is not
 * an identifier: it is kept for the tab's session so that consent given a few pages later still
 * attributes the visit.
 */
const VISITOR_KEY = 'braceletqr-visitor_id'; // localStorage: the same browser over time
const VISIT_KEY = 'braceletqr-visit_id'; // sessionStorage: one visit = one tab session
const UTM_KEY = 'braceletqr-utm_params'; // sessionStorage
const TRACKED_KEY = 'braceletqr-visit_tracked'; // sessionStorage
/** Trackers to forget when the visitor refuses measurement (the cart-tracking session included). */
const TRACKER_KEYS = [VISITOR_KEY, VISIT_KEY, TRACKED_KEY, 'braceletqr-cart-session'];

export type Attribution = { source: string | null; medium: string | null; campaign: string | null; referrer: string | null };
const NO_ATTRIBUTION: Attribution = { source: null, medium: null, campaign: null, referrer: null };
const ID_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;

/** A random id the server accepts (letters, digits, dashes). */
export function randomId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // Outside a secure context (plain http on a LAN address) there is no randomUUID.
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

function storageOf(kind: 'local' | 'session'): Storage | null {
  try {
    return kind === 'local' ? globalThis.localStorage : globalThis.sessionStorage;
  } catch {
    return null;
  }
}

/** The id under `key`, created if missing or unreadable. */
export function keptId(kind: 'local' | 'session', key: string): string {
  const storage = storageOf(kind);
  try {
    const kept = storage?.getItem(key);
    if (kept && ID_PATTERN.test(kept)) return kept;
    const created = randomId();
    storage?.setItem(key, created);
    return created;
  } catch {
    return randomId();
  }
}

const clip = (value: string | null, length: number) => (value ? value.trim().slice(0, length) || null : null);

/**
 * Called once when the app starts: a landing with UTM parameters, or from another site, sets where
 * this visit came from (the latest campaign wins within the tab's session).
 */
export function rememberAttribution(search: string, referrer: string, ownOrigin: string): void {
  const query = new URLSearchParams(search);
  const campaign = {
    source: clip(query.get('utm_source'), 200),
    medium: clip(query.get('utm_medium'), 200),
    campaign: clip(query.get('utm_campaign'), 200),
  };
  let outsideReferrer: string | null = null;
  try {
    if (referrer && new URL(referrer).origin !== ownOrigin) outsideReferrer = referrer.slice(0, 2000);
  } catch {
    // not a URL: ignored
  }
  if (!campaign.source && !campaign.medium && !campaign.campaign && !outsideReferrer) return;
  try {
    storageOf('session')?.setItem(UTM_KEY, JSON.stringify({ ...campaign, referrer: outsideReferrer }));
  } catch {
    // Storage refused: the visit is not attributed.
  }
}

/** Where this visit came from, as remembered for the tab's session. */
export function readAttribution(): Attribution {
  try {
    const stored: unknown = JSON.parse(storageOf('session')?.getItem(UTM_KEY) ?? 'null');
    if (typeof stored !== 'object' || stored === null) return NO_ATTRIBUTION;
    const text = (value: unknown, length: number) => (typeof value === 'string' ? clip(value, length) : null);
    const kept = stored as Record<string, unknown>;
    return {
      source: text(kept.source, 200),
      medium: text(kept.medium, 200),
      campaign: text(kept.campaign, 200),
      referrer: text(kept.referrer, 2000),
    };
  } catch {
    return NO_ATTRIBUTION;
  }
}

/**
 * What the pre-sale sign-up carries about the visit: ids and attribution with consent to
 * measurement, nothing without it (the sign-up itself always works).
 */
export function visitFieldsForSignup(): Attribution & { visit_id: string | null; visitor_id: string | null } {
  if (!hasConsent('measure')) return { ...NO_ATTRIBUTION, visit_id: null, visitor_id: null };
  return { ...readAttribution(), visit_id: keptId('session', VISIT_KEY), visitor_id: keptId('local', VISITOR_KEY) };
}

let inFlight = false;

/** Records this visit once per tab session, only with consent to measurement. */
export async function trackVisitOnce(): Promise<void> {
  if (inFlight || !hasConsent('measure')) return;
  const session = storageOf('session');
  if (session?.getItem(TRACKED_KEY) === '1') return;
  inFlight = true;
  try {
    const body = { ...readAttribution(), visit_id: keptId('session', VISIT_KEY), visitor_id: keptId('local', VISITOR_KEY) };
    const result = await api(endpoints.trackVisit(), { json: body });
    if (result.ok) session?.setItem(TRACKED_KEY, '1');
    else console.warn('visit tracking failed', result.status);
  } catch {
    // Measurement must never break the page.
  } finally {
    inFlight = false;
  }
}

/** Forgets the trackers when the visitor refuses measurement. */
export function forgetTrackers(): void {
  for (const key of TRACKER_KEYS) {
    try {
      storageOf('local')?.removeItem(key);
      storageOf('session')?.removeItem(key);
    } catch {
      // nothing kept to forget
    }
  }
}
