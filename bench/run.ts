import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseMail } from '@bracelet/dev-mail';
import { repoRoot, startStack, uniqueQueuePrefix } from '@bracelet/devstack';
import autocannon from 'autocannon';
import pg from 'pg';
import { measureCheckoutBurst } from './checkout-burst.js';
import { createFamily, measureOrdersList, mint, seedOrders } from './product.js';

/**
 * npm run bench: starts the product, then in one run measures (1) the scan lookup through the
 * gateway against a bare Fastify hello-world started alongside, and (2) the time from a scan to
 * its e-mail handed to the mail transport under a steady 100 scans/s, and (3) the back office's
 * first page of orders with 10,000 of them. Budgets: brief §10, issue 12.
 */
const CONNECTIONS = 50;
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const SCAN_RATE = 100;
const SCANS = Number(process.env.BENCH_SCANS ?? 500);
const WARMUP_SCANS = 200;
/** Other families' bracelets scanned while one bracelet is flooded: their alerts must not queue behind it. */
const FLOOD_PROBES = 20;
const FLOOD_PROBE_RATE = 4;
/** Orders in the back office's list when its first page is timed. */
const ORDERS = 10_000;
/** Buyers checking out at the same moment (issue 11). */
const CHECKOUTS = Number(process.env.BENCH_CHECKOUTS ?? 200);
/** Rounds of the throughput measures (BENCH_ROUNDS): the median round is reported. */
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS) || 3);

const note = (line: string) => process.stderr.write(`${line}\n`);

type Load = Awaited<ReturnType<typeof load>>;

async function load(url: string, label: string) {
  note(`autocannon ${label}: ${CONNECTIONS} connections, ${DURATION_S} s…`);
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, pipelining: 1 });
  if (result.non2xx > 0 || result.errors > 0) note(`  ${label}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return {
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

/** A reference server (bench/hello-world.ts, bench/floor-reference.ts) in its own process, beside the product. */
function startReference(entry: string, env: NodeJS.ProcessEnv = {}): Promise<{ url: string; stop(): void }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(repoRoot, entry)], {
      cwd: repoRoot,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    child.stdout.once('data', (chunk: Buffer) => resolve({ url: `${chunk.toString().trim()}/`, stop: () => child.kill('SIGTERM') }));
    child.once('exit', (code) => reject(new Error(`${entry} exited ${code}`)));
  });
}

/** The floor's tables: scan's card and log shapes, with the product's cards copied in. */
async function prepareFloorTables(adminUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`
      DROP SCHEMA IF EXISTS bench_floor CASCADE;
      CREATE SCHEMA bench_floor;
      CREATE TABLE bench_floor.scan_cards (LIKE scan.scan_cards INCLUDING ALL);
      INSERT INTO bench_floor.scan_cards SELECT * FROM scan.scan_cards;
      CREATE TABLE bench_floor.scan_log (LIKE scan.scan_log INCLUDING ALL);
    `);
  } finally {
    await client.end();
  }
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}

/**
 * Scans each bracelet once at `rate` per second and waits for each alert e-mail. A scan's time is when
 * the finder's request leaves, so the measure covers the lookup itself; each message file is
 * written by the catcher when SMTP hands it over, and its mtime is that moment. Files are read
 * once each, so measuring does not compete with the catcher for the CPU.
 */
async function scanAtRate(bracelets: string[], childNames: string[], rate = SCAN_RATE) {
  const scannedAt = new Map<string, number>();
  const lookups: Promise<unknown>[] = [];
  const lookupTimes: number[] = [];
  const alreadyThere = new Set(readdirSync(stack.mailDir));
  await new Promise<void>((resolve) => {
    let index = 0;
    const timer = setInterval(() => {
      const id = bracelets[index];
      const name = childNames[index] as string;
      index += 1;
      if (!id) {
        clearInterval(timer);
        resolve();
        return;
      }
      const sentAt = Date.now();
      scannedAt.set(name, sentAt);
      lookups.push(
        fetch(lookupUrl(id))
          .then((response) => response.arrayBuffer())
          .then(() => lookupTimes.push(Date.now() - sentAt)),
      );
    }, 1000 / rate);
  });
  const failedLookups = (await Promise.allSettled(lookups)).filter((outcome) => outcome.status === 'rejected').length;
  if (failedLookups > 0) note(`  ${failedLookups} lookups failed`);
  const seen = new Map<string, number | undefined>();
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    for (const file of readdirSync(stack.mailDir)) {
      if (seen.has(file) || alreadyThere.has(file)) continue;
      const path = join(stack.mailDir, file);
      const name = /Le bracelet de (Enfant\d+) vient/.exec(parseMail(readFileSync(path, 'utf8')).subject)?.[1];
      const sent = name ? scannedAt.get(name) : undefined;
      seen.set(file, sent === undefined ? undefined : statSync(path).mtimeMs - sent);
    }
    const measured = [...seen.values()].filter((value) => value !== undefined).length;
    if (measured >= bracelets.length) break;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  const latencies = [...seen.values()].filter((value): value is number => value !== undefined).sort((a, b) => a - b);
  if (latencies.length < bracelets.length) {
    const unmatched = [...seen].filter(([, value]) => value === undefined).map(([file]) => file);
    note(`  ${bracelets.length - latencies.length} alerts not seen within 60 s; unmatched mail files: ${unmatched.join(', ') || 'none'}`);
  }
  lookupTimes.sort((a, b) => a - b);
  return {
    lookupP50Ms: percentile(lookupTimes, 50),
    lookupP99Ms: percentile(lookupTimes, 99),
    scans: scannedAt.size,
    mails: latencies.length,
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
    maxMs: latencies.at(-1) ?? Number.NaN,
  };
}

const dataDir = mkdtempSync(join(tmpdir(), 'bracelet-bench-'));
note('Démarrage du produit…');
const stack = await startStack({
  dataDir,
  port: 0,
  queuePrefix: uniqueQueuePrefix('bench'),
  logLevel: 'warn',
  serviceEnv: {
    SCAN_LOOKUPS_PER_MINUTE: '100000000',
    AUTH_RATE_LIMIT_PER_IP: '100000',
    CHECKOUT_RATE_LIMIT_PER_IP: '100000',
    // BENCH_PROFILE_DIR=…: every process writes its CPU profile there when it stops (bench/cpu-profile.mjs).
    ...(process.env.BENCH_PROFILE_DIR ? { NODE_OPTIONS: `--import ${join(repoRoot, 'bench/cpu-profile.mjs')}` } : {}),
  },
  log: note,
});
const hello = await startReference('bench/hello-world.ts');
let floor: { url: string; stop(): void } | undefined;
const lookupUrl = (id: string) => new URL(`/get_child_by_bracelet/${id}`, stack.baseUrl).toString();
try {
  // 0. The back office's 'Commandes à expédier' with 10,000 orders: its first page, a status, a search.
  note(`back office : ${ORDERS} commandes…`);
  seedOrders(dataDir, ORDERS);
  const ordersList = await measureOrdersList(stack.baseUrl, stack.demo.staff, '0042');
  note(
    `  GET /orders (${ordersList.firstPage.total} commandes) p50 / p99 : ${ordersList.firstPage.p50Ms.toFixed(1)} / ${ordersList.firstPage.p99Ms.toFixed(1)} ms`,
  );

  const checkoutBurst = await measureCheckoutBurst(stack.baseUrl, stack.mailDir, CHECKOUTS, note);
  note(`  ${checkoutBurst.paid}/${checkoutBurst.orders} payées, ${checkoutBurst.mailsWithInvoice} e-mails`);

  note('Préparation : bracelets configurés…');
  // One bracelet for the load test, the scanned ones, and a last one only to see the setup is done
  // (looking it up is a finder's scan: it alerts, and opens its window).
  const ids = mint(dataDir, 1 + WARMUP_SCANS + SCANS + FLOOD_PROBES + 1);
  const lastId = ids.at(-1) as string;
  for (let attempt = 0; attempt < 200; attempt += 1) {
    if ((await fetch(lookupUrl(lastId))).ok) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const family = await createFamily(stack.baseUrl, ids);
  const [loadBracelet, ...latencyBracelets] = ids.slice(0, -1) as [string, ...string[]];
  for (let attempt = 0; attempt < 300; attempt += 1) {
    const answer = (await (await fetch(lookupUrl(lastId), { headers: { cookie: 'none=1' } })).json()) as {
      bracelet: { configured: string };
    };
    if (answer.bracelet.configured === '1') break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  // 1. Scan → e-mail handed to the transport, at a steady rate, one bracelet per scan (no grouping),
  // measured first, on a quiet system: the load test below leaves a queue of alerts to drain.
  // A short warm-up at the same rate first: the measure is the running product, not its first
  // connections (database and SMTP pools) and unoptimised code paths.
  const warmUp = latencyBracelets.slice(0, WARMUP_SCANS);
  note(`scan → e-mail: warm-up, ${warmUp.length} scans at ${SCAN_RATE}/s…`);
  await scanAtRate(warmUp, family.childNames.slice(1, 1 + WARMUP_SCANS));
  const measured = latencyBracelets.slice(WARMUP_SCANS, WARMUP_SCANS + SCANS);
  note(`scan → e-mail: ${measured.length} scans at ${SCAN_RATE}/s…`);
  const scanToMail = await scanAtRate(measured, family.childNames.slice(1 + WARMUP_SCANS, 1 + WARMUP_SCANS + SCANS));
  const probes = latencyBracelets.slice(WARMUP_SCANS + SCANS);
  const probeNames = family.childNames.slice(1 + WARMUP_SCANS + SCANS, 1 + WARMUP_SCANS + SCANS + FLOOD_PROBES);

  // 2. Throughput and latency: the references (hello-world, then the least machinery that can
  // answer the card: read by primary key, and read with the scan row written in the same
  // statement), then the product through the gateway — in rounds, each measure once per round, so
  // that the machine's own drift (±20 % between minutes here) falls on all of them alike. Each
  // ratio is taken within its round; the median round's figures are reported, min–max beside.
  await prepareFloorTables(stack.databaseAdminUrl);
  floor = await startReference('bench/floor-reference.ts', { DATABASE_URL: stack.databaseAdminUrl });
  const rounds: Array<Record<'helloWorld' | 'floorRead' | 'floorWrite' | 'unconfigured' | 'unknown' | 'configured', Load>> = [];
  let duringFlood: Awaited<ReturnType<typeof scanAtRate>> | undefined;
  for (let round = 1; round <= ROUNDS; round += 1) {
    note(`— round ${round}/${ROUNDS}`);
    const helloWorld = await load(hello.url, 'hello-world');
    const floorRead = await load(`${floor.url}read/${loadBracelet}`, 'floor: card by primary key (one process, one pool)');
    const floorWrite = await load(`${floor.url}write/${loadBracelet}`, 'floor: card + scan row in one statement');
    const unconfigured = await load(lookupUrl(stack.demo.bracelets[0] as string), 'lookup, unconfigured bracelet');
    // An unknown id must not be told apart from an unconfigured one by its answer time.
    const unknown = await load(lookupUrl('00000000000000000000'), 'lookup, unknown bracelet (404)');
    // The configured lookup load is a flood on one bracelet; in the first round, other families'
    // bracelets are scanned meanwhile now and then, and their alerts timed.
    const flood = load(lookupUrl(loadBracelet), 'lookup, configured bracelet (logs the scan, alerts once per window)');
    if (round === 1) {
      const [configured, probed] = await Promise.all([
        flood,
        new Promise((resolve) => setTimeout(resolve, 1000)).then(() => scanAtRate(probes, probeNames, FLOOD_PROBE_RATE)),
      ]);
      duringFlood = probed;
      rounds.push({ helloWorld, floorRead, floorWrite, unconfigured, unknown, configured });
    } else {
      rounds.push({ helloWorld, floorRead, floorWrite, unconfigured, unknown, configured: await flood });
    }
  }
  if (!duringFlood) throw new Error('no flood probe');
  const ratiosOf = (round: (typeof rounds)[number]) => ({
    unconfigured: round.unconfigured.requestsPerSecond / round.floorRead.requestsPerSecond,
    unconfiguredP99: round.unconfigured.p99Ms / round.floorRead.p99Ms,
    configured: round.configured.requestsPerSecond / round.floorWrite.requestsPerSecond,
    configuredP99: round.configured.p99Ms / round.floorWrite.p99Ms,
    helloWorld: round.configured.requestsPerSecond / round.helloWorld.requestsPerSecond,
  });
  const perRound = rounds.map(ratiosOf);
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;
  const spread = (values: number[], digits: number) =>
    values.length > 1 ? ` [${Math.min(...values).toFixed(digits)}–${Math.max(...values).toFixed(digits)}]` : '';
  /** The round whose measure is the median by throughput: its own figures, together. */
  const medianOf = (key: keyof (typeof rounds)[number]) =>
    [...rounds].sort((a, b) => a[key].requestsPerSecond - b[key].requestsPerSecond)[Math.floor(rounds.length / 2)]?.[key] as Load;
  const helloWorld = medianOf('helloWorld');
  const floorRead = medianOf('floorRead');
  const floorWrite = medianOf('floorWrite');
  const unconfigured = medianOf('unconfigured');
  const unknown = medianOf('unknown');
  const configured = medianOf('configured');
  const ratio = median(perRound.map((round) => round.helloWorld));
  // Issue 14: each lookup against its own floor, same round, same connections.
  const unconfiguredToFloor = median(perRound.map((round) => round.unconfigured));
  const unconfiguredP99 = median(perRound.map((round) => round.unconfiguredP99));
  const configuredToFloor = median(perRound.map((round) => round.configured));
  const configuredP99 = median(perRound.map((round) => round.configuredP99));
  const results = {
    measuredAt: new Date().toISOString(),
    machine: { cpus: (await import('node:os')).cpus().length, node: process.version },
    helloWorld,
    floorRead,
    floorWrite,
    rounds: rounds.map((round, index) => ({ ...round, ratios: perRound[index] })),
    lookupUnconfigured: { ...unconfigured, ratioToHelloWorld: unconfigured.requestsPerSecond / helloWorld.requestsPerSecond },
    lookupConfigured: { ...configured, ratioToHelloWorld: ratio },
    lookupUnknown: { ...unknown, p50RatioToUnconfigured: unknown.p50Ms / unconfigured.p50Ms },
    scanToMail,
    scanToMailDuringFlood: duringFlood,
    ordersList,
    checkoutBurst,
    budgets: {
      lookupRatio: { target: '≥ 0.40', met: ratio >= 0.4 },
      lookupP99: { target: '< 25 ms', met: configured.p99Ms < 25 },
      unconfiguredToFloor: {
        target: '≥ 0.6 × floor read, p99 ≤ 2 × its p99',
        ratio: unconfiguredToFloor,
        p99Multiple: unconfiguredP99,
        met: unconfiguredToFloor >= 0.6 && unconfiguredP99 <= 2,
      },
      configuredToFloor: {
        target: '≥ 0.6 × floor write, p99 ≤ 2 × its p99',
        ratio: configuredToFloor,
        p99Multiple: configuredP99,
        met: configuredToFloor >= 0.6 && configuredP99 <= 2,
      },
      scanToMailP99: { target: '< 1000 ms at 100 scans/s', met: scanToMail.p99Ms < 1000 && scanToMail.mails === scanToMail.scans },
      ordersFirstPage: { target: '< 200 ms with 10,000 orders', met: ordersList.firstPage.p99Ms < 200 },
      checkoutBurst: {
        target: 'every order paid once, distinct consecutive invoice numbers, one e-mail each',
        met:
          checkoutBurst.paid === checkoutBurst.orders &&
          checkoutBurst.distinctInvoices === checkoutBurst.orders &&
          checkoutBurst.consecutive &&
          checkoutBurst.mailsWithInvoice === checkoutBurst.orders,
      },
    },
  };
  mkdirSync(join(repoRoot, 'bench/results'), { recursive: true });
  const file = join(repoRoot, 'bench/results', `bench-${results.measuredAt.replace(/[:.]/g, '-')}.json`);
  writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);

  const row = (label: string, value: string, budget: string, met?: boolean) =>
    `| ${label.padEnd(44)} | ${value.padStart(22)} | ${budget.padEnd(26)} | ${met === undefined ? '' : met ? 'ok' : 'MISSED'} |`;
  const fmt = (n: number, digits = 0) => n.toFixed(digits);
  const table = [
    '',
    row('measure', 'result', 'budget'),
    `|${'-'.repeat(46)}|${'-'.repeat(24)}|${'-'.repeat(28)}|----|`,
    row('hello-world req/s (p99)', `${fmt(helloWorld.requestsPerSecond)} (${fmt(helloWorld.p99Ms)} ms)`, 'reference'),
    row('lookup unconfigured req/s (p99)', `${fmt(unconfigured.requestsPerSecond)} (${fmt(unconfigured.p99Ms)} ms)`, ''),
    row('lookup unknown (404) req/s (p99)', `${fmt(unknown.requestsPerSecond)} (${fmt(unknown.p99Ms)} ms)`, 'same range as unconfigured'),
    row('lookup configured req/s (p99)', `${fmt(configured.requestsPerSecond)} (${fmt(configured.p99Ms)} ms)`, ''),
    row('floor read req/s (p99)', `${fmt(floorRead.requestsPerSecond)} (${fmt(floorRead.p99Ms)} ms)`, 'reference (issue 14)'),
    row('floor write req/s (p99)', `${fmt(floorWrite.requestsPerSecond)} (${fmt(floorWrite.p99Ms)} ms)`, 'reference (issue 14)'),
    row(
      'unconfigured / floor read (p99 ×)',
      `${fmt(unconfiguredToFloor, 2)}${spread(
        perRound.map((round) => round.unconfigured),
        2,
      )} (${fmt(unconfiguredP99, 1)} ×)`,
      '≥ 0.60 (p99 ≤ 2 ×)',
      results.budgets.unconfiguredToFloor.met,
    ),
    row(
      'configured / floor write (p99 ×)',
      `${fmt(configuredToFloor, 2)}${spread(
        perRound.map((round) => round.configured),
        2,
      )} (${fmt(configuredP99, 1)} ×)`,
      '≥ 0.60 (p99 ≤ 2 ×)',
      results.budgets.configuredToFloor.met,
    ),
    row(
      'lookup configured / hello-world',
      `${fmt(ratio, 2)}${spread(
        perRound.map((round) => round.helloWorld),
        2,
      )}`,
      '≥ 0.40',
      results.budgets.lookupRatio.met,
    ),
    row('lookup configured p99', `${fmt(configured.p99Ms)} ms`, '< 25 ms at 50 connections', results.budgets.lookupP99.met),
    row('lookup p50 / p99 at 100 scans/s', `${fmt(scanToMail.lookupP50Ms)} / ${fmt(scanToMail.lookupP99Ms)} ms`, ''),
    row(
      `scan → mail p50 / p99 (${scanToMail.mails}/${scanToMail.scans})`,
      `${fmt(scanToMail.p50Ms)} / ${fmt(scanToMail.p99Ms)} ms`,
      '< 1000 ms at 100 scans/s',
      results.budgets.scanToMailP99.met,
    ),
    row(
      `… other bracelets, one flooded (${duringFlood.mails}/${duringFlood.scans})`,
      `${fmt(duringFlood.p50Ms)} / ${fmt(duringFlood.p99Ms)} ms`,
      'same budget',
      duringFlood.p99Ms < 1000 && duringFlood.mails === duringFlood.scans,
    ),
    row(
      `back office first page (${ordersList.firstPage.total} orders)`,
      `${fmt(ordersList.firstPage.p50Ms)} / ${fmt(ordersList.firstPage.p99Ms)} ms`,
      '< 200 ms',
      results.budgets.ordersFirstPage.met,
    ),
    row('… filtered (to_prepare) / searched p99', `${fmt(ordersList.toPrepare.p99Ms)} / ${fmt(ordersList.search.p99Ms)} ms`, '< 200 ms'),
    row(
      `${checkoutBurst.orders} simultaneous checkouts: paid / invoices / mails`,
      `${checkoutBurst.paid} / ${checkoutBurst.distinctInvoices}${checkoutBurst.consecutive ? ' consec.' : ' GAPS'} / ${checkoutBurst.mailsWithInvoice}`,
      'all, consecutive, once',
      results.budgets.checkoutBurst.met,
    ),
    row('… all paid / all mailed after', `${fmt(checkoutBurst.paidMs / 1000, 1)} / ${fmt(checkoutBurst.mailedMs / 1000, 1)} s`, ''),
    '',
    `Résultats : ${file}`,
  ];
  process.stdout.write(`${table.join('\n')}\n`);
} finally {
  hello.stop();
  floor?.stop();
  await stack.stop();
  if (!process.env.BENCH_KEEP_DATA) rmSync(dataDir, { recursive: true, force: true });
}
