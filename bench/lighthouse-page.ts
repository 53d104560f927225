import { gzipSync } from 'node:zlib';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';

/** What one Lighthouse run (mobile, simulated slow 4G, performance only) says about one page. */
export type PageMeasure = {
  label: string;
  path: string;
  performance: number;
  metrics: { fcp: string; lcp: string; tbt: string; cls: string; si: string };
  /** CLS as a number, for the budget. */
  clsValue: number;
  /** LCP in milliseconds, for the finder's budget. */
  lcpMs: number;
  /** Audit `largest-contentful-paint-element`: the element's selector and HTML. */
  lcpElement: { selector: string; snippet: string } | undefined;
  /** Audit `lcp-lazy-loaded`: true when the LCP image had loading="lazy"; undefined when the LCP element is not an image. */
  lcpLazy: boolean | undefined;
  /** Audit `unsized-images`: pictures without an explicit width and height (each may shift the layout). */
  unsizedImages: string[];
  /** Audit `layout-shifts`: the shifted elements, with their share of the CLS. */
  layoutShifts: Array<{ node: string; score: number; causes: string[] }>;
  /** The scripts the page loaded, and their size gzipped (level 9), as the finder's budget counts it. */
  javascript: { files: number; gzippedKB: number; scripts: Array<{ path: string; gzippedKB: number }> };
  /** The audits that cost the most (score < 0.9 with savings), for the report. */
  opportunities: Array<{ id: string; title: string; displayValue: string }>;
  /** Lighthouse's own warnings (a page that did not load fully, storage left in place…). */
  runWarnings: string[];
  /** Set when the run itself failed (no paint, a protocol timeout…): its figures mean nothing. */
  runtimeError?: string;
};

type Node = { selector?: string; snippet?: string; nodeLabel?: string };
type AuditDetails = { type?: string; items?: Array<Record<string, unknown>> };

/**
 * Leaves the origin's local storage as a visitor's browser would have it before the run: emptied,
 * then `items` written. Lighthouse 12 resets the HTTP cache, service workers and cache storage of
 * the origin before each run but not local storage (its default `clearStorageTypes`), so what is
 * written here is what the page finds, while the page itself still loads cold.
 */
export async function seedLocalStorage(chromePort: number, origin: string, items: Record<string, string>): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chromePort}`);
  try {
    const context = browser.contexts()[0] ?? (await browser.newContext());
    const page = await context.newPage();
    // A same-origin address that is not a page: nothing of the site is loaded or cached.
    await page.goto(new URL('/readyz', origin).toString());
    await page.evaluate((entries) => {
      // Runs in the page (this project's Node settings have no DOM types).
      type WebStorage = { clear(): void; setItem(key: string, value: string): void };
      const { localStorage, sessionStorage } = globalThis as unknown as { localStorage: WebStorage; sessionStorage: WebStorage };
      localStorage.clear();
      sessionStorage.clear();
      for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
    }, items);
    await page.close();
  } finally {
    // Connected over CDP: this disconnects, Chromium stays up for Lighthouse.
    await browser.close();
  }
}

export async function measurePage(chromePort: number, origin: string, label: string, path: string): Promise<PageMeasure> {
  const url = new URL(path, origin).toString();
  const runnerResult = await lighthouse(url, { port: chromePort, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
  if (!runnerResult) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr } = runnerResult;
  const audit = (id: string) => lhr.audits[id];
  const display = (id: string) => audit(id)?.displayValue ?? '';
  const details = (id: string) => audit(id)?.details as AuditDetails | undefined;

  const requests = (details('network-requests')?.items ?? []) as Array<{ url: string; resourceType?: string }>;
  const scripts = [...new Set(requests.filter((item) => item.resourceType === 'Script').map((item) => item.url))];
  let gzippedBytes = 0;
  const sizes: Array<{ path: string; gzippedKB: number }> = [];
  for (const script of scripts) {
    const bytes = gzipSync(Buffer.from(await (await fetch(script)).arrayBuffer()), { level: 9 }).length;
    gzippedBytes += bytes;
    sizes.push({ path: new URL(script).pathname, gzippedKB: Math.round(bytes / 102.4) / 10 });
  }

  // The element table is the first of the audit's list; its one row holds the node.
  const elementTable = (details('largest-contentful-paint-element')?.items?.[0] as AuditDetails | undefined)?.items?.[0];
  const lcpNode = elementTable?.node as Node | undefined;
  const lazyAudit = audit('lcp-lazy-loaded');
  const lcpLazy =
    lazyAudit && lazyAudit.scoreDisplayMode !== 'notApplicable' && lazyAudit.score !== null ? lazyAudit.score === 0 : undefined;

  const unsizedImages = (details('unsized-images')?.items ?? []).map((item) =>
    String(item.url ?? (item.node as Node | undefined)?.snippet),
  );
  const layoutShifts = (details('layout-shifts')?.items ?? []).map((item) => {
    const subItems = (item.subItems as AuditDetails | undefined)?.items ?? [];
    return {
      node: (item.node as Node | undefined)?.snippet ?? '(unknown)',
      score: Number(item.score ?? 0),
      causes: subItems.map((sub) => String(sub.cause ?? '')).filter(Boolean),
    };
  });
  const opportunities = Object.values(lhr.audits)
    .filter((item) => item.score !== null && item.score < 0.9 && item.scoreDisplayMode === 'metricSavings')
    .map((item) => ({ id: item.id, title: item.title, displayValue: item.displayValue ?? '' }));

  return {
    label,
    path,
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    metrics: {
      fcp: display('first-contentful-paint'),
      lcp: display('largest-contentful-paint'),
      tbt: display('total-blocking-time'),
      cls: display('cumulative-layout-shift'),
      si: display('speed-index'),
    },
    clsValue: Number(audit('cumulative-layout-shift')?.numericValue ?? 0),
    lcpMs: Math.round(Number(audit('largest-contentful-paint')?.numericValue ?? Number.POSITIVE_INFINITY)),
    lcpElement: lcpNode ? { selector: lcpNode.selector ?? '', snippet: lcpNode.snippet ?? '' } : undefined,
    lcpLazy,
    unsizedImages,
    layoutShifts,
    javascript: { files: scripts.length, gzippedKB: Math.round(gzippedBytes / 102.4) / 10, scripts: sizes },
    opportunities,
    runWarnings: lhr.runWarnings.map(String),
    ...(lhr.runtimeError ? { runtimeError: `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` } : {}),
  };
}
