import {
  CONSENT_EVENT,
  CONSENT_REOPEN_EVENT,
  type ConsentChoices,
  forgetTrackers,
  readConsent,
  rememberAttribution,
  trackVisitOnce,
} from '@bracelet/ui';
import { useEffect, useState } from 'react';
import ConsentBanner from './ConsentBanner';

let attributionRemembered = false;

/**
 * Measurement, only with consent (CNIL): remembers where the visit came from, asks for consent
 * when no standing choice exists, records the visit once consent is given and forgets the
 * trackers when it is refused. The finder's page neither asks nor measures: the shell does not
 * load this module there (App.tsx), so its first load stays light.
 */
export default function Measurement() {
  const [asking, setAsking] = useState<ConsentChoices | null | undefined>(undefined);

  useEffect(() => {
    // Once per page load: the landing's URL and referrer say where the visit came from.
    if (!attributionRemembered) rememberAttribution(window.location.search, document.referrer, window.location.origin);
    attributionRemembered = true;
    const standing = readConsent();
    if (standing === null) setAsking(null);
    else if (standing.measure) void trackVisitOnce();
  }, []);

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

  if (asking === undefined) return null;
  return <ConsentBanner current={asking} />;
}
