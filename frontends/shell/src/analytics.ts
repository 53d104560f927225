export type PageView = { path: string; title: string };
export type PageViewReporter = (view: PageView) => void;

/**
 * Without an analytics provider configured, page views are announced as a DOM event, which an
 * analytics loader (or a test) can listen to. setPageViewReporter plugs a provider in.
 */
const announce: PageViewReporter = (view) => window.dispatchEvent(new CustomEvent('app:pageview', { detail: view }));

let reporter: PageViewReporter = announce;

export function setPageViewReporter(next: PageViewReporter): void {
  reporter = next;
}

export function reportPageView(view: PageView): void {
  try {
    reporter(view);
  } catch {
    // Analytics must never break navigation.
  }
}
