import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { reportPageView } from './analytics';

/** At each path change: back to the top of the page, and one page view reported. */
export function RouteEffects() {
  const { pathname, search } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the effect must run at each path change.
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  useEffect(() => {
    reportPageView({ path: pathname + search, title: document.title });
  }, [pathname, search]);
  return null;
}
