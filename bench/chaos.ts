import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from '@bracelet/devstack';
import {
  type CaseResult,
  type CaseTiming,
  DEADLINE_MS,
  type Fault,
  killFault,
  markdownTable,
  missedBudgets,
  notifierMidSendFault,
  postgresFault,
  READY_BUDGET_MS,
  redisFault,
  runCase,
  smtpFault,
} from './chaos/cases.js';
import { countAlerts, countMessages } from './chaos/deliveries.js';
import type { LoadRates } from './chaos/load.js';
import { prepareChaos } from './chaos/prepare.js';

/**
 * npm run chaos (issue 15): the product as `npm start` runs it, under steady load, and in turn each
 * of its seven processes killed with SIGKILL (waiting for the supervisor's restart; the notifier
 * while it holds an e-mail in flight), Redis stopped
 * 20 s, Postgres frozen 10 s, the SMTP server refusing 20 s. Prints one row per case and exits 1
 * if any budget is missed (cases.ts: DEADLINE_MS, READY_BUDGET_MS, every alert exactly once).
 */
const RATES: LoadRates = {
  configuredPerSecond: 6,
  lookupsPerBracelet: 3,
  otherLookupsPerSecond: 4,
  signupsPerSecond: 1,
  paymentsPerSecond: 0.25,
};
/** Two new bracelets a second for ~3 minutes of load, with room to spare. */
const CONFIGURED = 500;
const UNCONFIGURED = 10;
const TIMING: CaseTiming = { beforeMs: 3000, afterMs: 3000, readyTimeoutMs: 30_000, deliveryTimeoutMs: 120_000 };

const note = (line: string) => process.stderr.write(`${line}\n`);
/** The product's own warnings (a gateway meeting a dead service, a notifier meeting a refusing SMTP server) are expected here by the hundred: kept for the supervisor's lines. */
const quietProduct = (line: string) => {
  if (/^\[[\w-]+\] /.test(line) && !/s'est arrêté|redémarré|Le produit s'arrête/.test(line)) return;
  note(line);
};
const started = performance.now();
const dataDir = mkdtempSync(join(tmpdir(), 'bracelet-chaos-'));
const prepared = await prepareChaos({ dataDir, configured: CONFIGURED, unconfigured: UNCONFIGURED, rates: RATES, log: quietProduct });
const rows: CaseResult[] = [];
let failed = false;
try {
  const { chaos } = prepared;
  // `npm run chaos -- redis postgres` runs only the cases whose name holds one of the words.
  const only = process.argv.slice(2).map((word) => word.toLowerCase());
  const faults: Fault[] = [
    ...chaos.stack.processes.map((running) =>
      running.name === 'notifier' ? notifierMidSendFault(chaos) : killFault(chaos.stack.processes, running.name),
    ),
    redisFault(chaos, 20_000),
    postgresFault(chaos, 10_000),
    smtpFault(chaos, 20_000),
  ].filter((fault) => only.length === 0 || only.some((word) => fault.name.toLowerCase().includes(word)));
  for (const [index, fault] of faults.entries()) {
    rows.push(await runCase(prepared, fault, `c${index}`, TIMING));
    if (chaos.gaveUp()) break;
  }

  // A last count once everything has settled: a copy or a late message would show now.
  await new Promise((resolve) => setTimeout(resolve, 5000));
  for (const row of rows) {
    row.alerts = await countAlerts(chaos.admin, prepared.outside, row.bracelets, new Set(row.toldAlerted));
    row.messages = await countMessages(chaos.admin, prepared.outside, row);
    row.missed = missedBudgets(row);
  }
} catch (error) {
  failed = true;
  note(`chaos run failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
} finally {
  await prepared.stop();
}

const load = loadavg().map((value) => value.toFixed(1));
const table = markdownTable(rows);
const minutes = ((performance.now() - started) / 60_000).toFixed(1);
process.stdout.write(
  `\n${table}\n\nBudgets: no request longer than ${DEADLINE_MS / 1000} s, nothing answered other than 2xx/4xx/503 and every request answered, every alert delivered exactly once, every process ready within ${READY_BUDGET_MS / 1000} s of the recovery. Run: ${minutes} min, load average at the end ${load.join(' / ')}.\n`,
);
const resultsDir = join(repoRoot, 'bench/results');
mkdirSync(resultsDir, { recursive: true });
const file = join(resultsDir, `chaos-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
writeFileSync(
  file,
  `${JSON.stringify({ at: new Date().toISOString(), minutes: Number(minutes), loadAverage: loadavg(), rates: RATES, timing: TIMING, rows }, null, 2)}\n`,
);
note(`results: ${file}`);
const missed = failed || rows.some((row) => row.missed.length > 0);
// Kept when something failed: each process's log is in <dataDir>/logs, the mail and SMS beside it.
if (missed) note(`data kept in ${dataDir}`);
else rmSync(dataDir, { recursive: true, force: true });
process.exit(missed ? 1 : 0);
