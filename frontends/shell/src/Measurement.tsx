import { remotePages } from '@bracelet/contracts/pages';
import {
  CONSENT_EVENT,
  CONSENT_REOPEN_EVENT,
  type ConsentChoices,
  forgetTrackers,
  readConsent,
  rememberAttribution,
  trackVisitOnce,
} from '@bracelet/ui';
import { lazy, Suspense, useEffect, useState } from 'react';
import { matchPath, useLocation } from 'react-router-dom';

/** The banner's code is loaded only when it has to be shown. */
const ConsentBanner = lazy(() => import('./ConsentBanner'));

/**
 * Measurement, only with consent (CNIL): remembers where the visit came from, asks for consent
 * when no standing choice exists, records the visit once consent is given and forgets the
 * trackers when it is refused. The finder's page neither asks nor measures.
 */
export function Measurement() {
  const { pathname } = useLocation();
  const finderPage = matchPath(remotePages.family.scan, pathname) !== null;
  const [asking, setAsking] = useState<ConsentChoices | null | undefined>(undefined);

  useEffect(() => {
    rememberAttribution(window.location.search, document.referrer, window.location.origin);
  }, []);

  useEffect(() => {
    if (finderPage) return;
    const standing = readConsent();
    if (standing === null) setAsking(null);
    else if (standing.measure) void trackVisitOnce();
  }, [finderPage]);

  useEffect(() => {
    const changed = (event: Event) => {
      setAsking(undefined);
      const choices = (event as CustomEvent<ConsentChoices>).detail;
      if (choices.measure) void trackVisitOnce();
      else forgetTrackers();
    };
    const reopen = () => setAsking(readConsent());
    window.addEventListener(CONSENT_EVENT, changed);
    window.addEventListener(CONSENT_REOPEN_EVENT, reopen);
    return () => {
      window.removeEventListener(CONSENT_EVENT, changed);
      window.removeEventListener(CONSENT_REOPEN_EVENT, reopen);
    };
  }, []);

  if (asking === undefined || finderPage) return null;
  return (
    <Suspense fallback={null}>
      <ConsentBanner current={asking} />
    </Suspense>
  );
}
