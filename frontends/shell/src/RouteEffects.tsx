import { remotePages } from '@bracelet/contracts/pages';
import { hasConsent } from '@bracelet/ui';
import { useEffect } from 'react';
import { matchPath, useLocation } from 'react-router-dom';
import { reportPageView } from './analytics';

/** How long a section named in the URL's #hash may take to appear (its page loads lazily). */
const HASH_WAIT_MS = 3000;

/** Scrolls to the element the #hash names as soon as it is on the page (given up after HASH_WAIT_MS). */
function scrollToHash(hash: string, signal: AbortSignal): void {
  const id = decodeURIComponent(hash.slice(1));
  const started = performance.now();
  const attempt = () => {
    if (signal.aborted) return;
    const target = document.getElementById(id);
    if (target) return target.scrollIntoView();
    if (performance.now() - started < HASH_WAIT_MS) requestAnimationFrame(attempt);
  };
  attempt();
}

/**
 * At each path change: to the section the #hash names, or back to the top of the page; and one
 * page view reported, only with the visitor's consent to measurement and never on the finder's
 * page (a lost child's page is not measured).
 */
export function RouteEffects() {
  const { pathname, search, hash } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the effect must run at each path change, even without a hash.
  useEffect(() => {
    if (!hash) {
      window.scrollTo(0, 0);
      return;
    }
    const away = new AbortController();
    scrollToHash(hash, away.signal);
    return () => away.abort();
  }, [pathname, hash]);
  useEffect(() => {
    if (matchPath(remotePages.family.scan, pathname) || !hasConsent('measure')) return;
    reportPageView({ path: pathname + search, title: document.title });
  }, [pathname, search]);
  return null;
}
