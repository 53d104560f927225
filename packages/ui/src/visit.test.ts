import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CONSENT_EVENT, readConsent, saveConsent } from './consent';
import { forgetTrackers, readAttribution, rememberAttribution, visitFieldsForSignup } from './visit';

function fakeStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

const ORIGIN = 'https://bracelet-qr.fr';
let local: ReturnType<typeof fakeStorage>;
let session: ReturnType<typeof fakeStorage>;
beforeEach(() => {
  local = fakeStorage();
  session = fakeStorage();
  vi.stubGlobal('localStorage', local);
  vi.stubGlobal('sessionStorage', session);
  vi.stubGlobal('window', new EventTarget());
});
afterEach(() => vi.unstubAllGlobals());

describe('the consent choice', () => {
  it('remembers a refusal as a choice (the banner does not ask again) for 6 months', () => {
    const now = Date.parse('2026-06-01T12:00:00Z');
    expect(readConsent(now)).toBeNull();
    const heard: unknown[] = [];
    window.addEventListener(CONSENT_EVENT, (event) => heard.push((event as CustomEvent).detail));
    saveConsent({ measure: false }, now);
    expect(readConsent(now)).toEqual({ measure: false });
    expect(heard).toEqual([{ measure: false }]);
    expect(readConsent(now + 182 * 24 * 3600 * 1000)).toEqual({ measure: false });
    expect(readConsent(now + 184 * 24 * 3600 * 1000)).toBeNull();
  });

  it('asks again when what is stored is not a choice', () => {
    for (const value of ['', '{', 'null', '{"measure":1,"decided_at":"2026-05-01T00:00:00Z"}', '{"measure":true,"decided_at":"later"}']) {
      local.items.set('braceletqr-consent', value);
      expect(readConsent(Date.parse('2026-06-01T12:00:00Z')), value).toBeNull();
    }
  });
});

describe('where the visit came from', () => {
  it('keeps the campaign of the landing URL and an outside referrer, not our own pages', () => {
    rememberAttribution('?utm_source=x&utm_medium=y&utm_campaign=z', `${ORIGIN}/products`, ORIGIN);
    expect(readAttribution()).toEqual({ source: 'x', medium: 'y', campaign: 'z', referrer: null });
    // Moving inside the site keeps it; a new campaign replaces it.
    rememberAttribution('', `${ORIGIN}/homepage`, ORIGIN);
    expect(readAttribution().source).toBe('x');
    rememberAttribution('', 'https://www.google.fr/', ORIGIN);
    expect(readAttribution()).toEqual({ source: null, medium: null, campaign: null, referrer: 'https://www.google.fr/' });
  });

  it('clips what it keeps and survives anything stored', () => {
    rememberAttribution(`?utm_source=${'a'.repeat(500)}`, 'not a url', ORIGIN);
    expect(readAttribution().source).toHaveLength(200);
    session.items.set('braceletqr-utm_params', '{"source":{"$gt":1},"medium":42}');
    expect(readAttribution()).toEqual({ source: null, medium: null, campaign: null, referrer: null });
    session.items.set('braceletqr-utm_params', '{');
    expect(readAttribution().source).toBeNull();
  });
});

describe('what the pre-sale sign-up carries', () => {
  it('nothing about the visit without consent, and creates no tracker', () => {
    rememberAttribution('?utm_source=x', '', ORIGIN);
    expect(visitFieldsForSignup()).toEqual({
      source: null,
      medium: null,
      campaign: null,
      referrer: null,
      visit_id: null,
      visitor_id: null,
    });
    expect([...local.items.keys()]).toEqual([]);
  });

  it('the visit, its ids and campaign with consent; refusing later forgets the ids', () => {
    saveConsent({ measure: true });
    rememberAttribution('?utm_source=x', '', ORIGIN);
    const fields = visitFieldsForSignup();
    expect(fields).toMatchObject({ source: 'x', visit_id: expect.stringMatching(/^[A-Za-z0-9_-]{8,64}$/) });
    expect(visitFieldsForSignup().visitor_id).toBe(fields.visitor_id);
    forgetTrackers();
    expect(local.items.has('braceletqr-visitor_id')).toBe(false);
    expect(session.items.has('braceletqr-visit_id')).toBe(false);
  });
});
