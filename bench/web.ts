import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromiumArgs, chromiumPath, repoRoot, startStack, uniqueQueuePrefix } from '@bracelet/devstack';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { createFamily, mint } from './product.js';

/**
 * npm run bench:web: Lighthouse (mobile, simulated slow 4G) on the finder's page of a configured
 * bracelet, and the JavaScript it loads, gzipped. Budgets (brief §10): < 80 KB, performance ≥ 95.
 */
const note = (line: string) => process.stderr.write(`${line}\n`);
const dataDir = mkdtempSync(join(tmpdir(), 'bracelet-bench-web-'));
const stack = await startStack({ dataDir, port: 0, queuePrefix: uniqueQueuePrefix('bench-web'), logLevel: 'warn', log: note });
let chrome: chromeLauncher.LaunchedChrome | undefined;
try {
  const [braceletId] = mint(dataDir, 1) as [string];
  for (let attempt = 0; attempt < 100 && !(await fetch(new URL(`/get_child_by_bracelet/${braceletId}`, stack.baseUrl))).ok; attempt += 1) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await createFamily(stack.baseUrl, [braceletId]);
  const url = new URL(`/b/${braceletId}`, stack.baseUrl).toString();

  chrome = await chromeLauncher.launch({
    chromePath: chromiumPath,
    chromeFlags: ['--headless=new', ...chromiumArgs],
  });
  note(`Lighthouse (mobile) sur ${url}…`);
  const runnerResult = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
  if (!runnerResult) throw new Error('Lighthouse gave no result');
  const { lhr } = runnerResult;
  const performance = Math.round((lhr.categories.performance?.score ?? 0) * 100);
  const requests =
    (lhr.audits['network-requests']?.details as { items?: Array<{ url: string; resourceType?: string }> } | undefined)?.items ?? [];
  const scripts = [...new Set(requests.filter((item) => item.resourceType === 'Script').map((item) => item.url))];
  let gzippedBytes = 0;
  for (const script of scripts) gzippedBytes += gzipSync(Buffer.from(await (await fetch(script)).arrayBuffer()), { level: 9 }).length;
  const metric = (id: string) => lhr.audits[id]?.displayValue ?? '';

  const results = {
    measuredAt: new Date().toISOString(),
    url: '/b/<configured bracelet>',
    performance,
    javascript: { files: scripts.length, gzippedKB: Math.round(gzippedBytes / 102.4) / 10 },
    metrics: {
      fcp: metric('first-contentful-paint'),
      lcp: metric('largest-contentful-paint'),
      tbt: metric('total-blocking-time'),
      cls: metric('cumulative-layout-shift'),
      si: metric('speed-index'),
    },
    budgets: {
      javascript: { target: '< 80 KB gzipped', met: gzippedBytes < 80 * 1024 },
      performance: { target: '≥ 95', met: performance >= 95 },
    },
  };
  mkdirSync(join(repoRoot, 'bench/results'), { recursive: true });
  const file = join(repoRoot, 'bench/results', `web-${results.measuredAt.replace(/[:.]/g, '-')}.json`);
  writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
  const row = (label: string, value: string, budget: string, met?: boolean) =>
    `| ${label.padEnd(36)} | ${value.padStart(14)} | ${budget.padEnd(16)} | ${met === undefined ? '' : met ? 'ok' : 'MISSED'} |`;
  const table = [
    '',
    row('/b/{id}, mobile', 'result', 'budget'),
    `|${'-'.repeat(38)}|${'-'.repeat(16)}|${'-'.repeat(18)}|----|`,
    row('Lighthouse performance', String(performance), '≥ 95', results.budgets.performance.met),
    row(`JavaScript, gzipped (${scripts.length} files)`, `${results.javascript.gzippedKB} KB`, '< 80 KB', results.budgets.javascript.met),
    row('FCP / LCP', `${results.metrics.fcp} / ${results.metrics.lcp}`, ''),
    row('TBT / CLS', `${results.metrics.tbt} / ${results.metrics.cls}`, ''),
    '',
    `Résultats : ${file}`,
  ];
  process.stdout.write(`${table.join('\n')}\n`);
} finally {
  await chrome?.kill();
  await stack.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
