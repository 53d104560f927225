import type { RunningProcess } from '@bracelet/devstack';
import { type AlertCount, countAlerts, countMessages, type MessageCount, type Outside } from './deliveries.js';
import { type LoadRates, type Sample, startLoad } from './load.js';
import type { ReadinessWatch } from './readiness.js';
import type { ChaosStack } from './stack.js';

/**
 * The budgets (issue 15), from ADR 016's deadlines: the finder's page gives up on a request after
 * 10 s, so the server must answer within 10 s. Inside the product the longest wait is the gateway's
 * upstream deadline (UPSTREAM_TIMEOUT_MS, 8 s, checked by undici about once a second: 8–9 s), with
 * every other deadline nested under it (pool acquire 2 s + a statement's read deadline 5.5 s = 7.5 s,
 * Redis commands 1 s, session resolution 3 s on requests with a cookie, which this load does not
 * send). The load never calls the routes slow by nature (QR sheets, photo forms, first-drawn
 * catalog pictures), which have longer timeouts of their own.
 */
export const UPSTREAM_TIMEOUT_MS = 8000;
export const DEADLINE_MS = UPSTREAM_TIMEOUT_MS + 2000;
/** Every process's /readyz answers 200 within this long of the recovery. */
export const READY_BUDGET_MS = 10_000;

const now = () => performance.now();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export type Fault = {
  name: string;
  /** Breaks it. */
  inject(): Promise<void>;
  /**
   * Ends the fault (after holding it) and answers when it ended: a killed process's restart by
   * the supervisor; Redis answering again; Postgres continued; SMTP listening again. `backAt`, for a
   * killed process: when it listens again.
   */
  recover(): Promise<{ recoveredAt: number; backAt?: number }>;
  /** A killed gateway: while it is down nothing listens, so refused and cut connections are expected then. */
  entryPoint?: boolean;
};

export function killFault(
  processes: readonly RunningProcess[],
  name: string,
  { label = '', beforeKill, afterKill }: { label?: string; beforeKill?: () => Promise<void>; afterKill?: () => Promise<void> | void } = {},
): Fault {
  const running = processes.find((candidate) => candidate.name === name);
  if (!running) throw new Error(`no process ${name}`);
  let restartsBefore = 0;
  return {
    name: `kill -9 ${name}${label}`,
    entryPoint: name.startsWith('gateway'),
    async inject() {
      await beforeKill?.();
      restartsBefore = running.restarts;
      running.child.kill('SIGKILL');
      await afterKill?.();
    },
    async recover() {
      const deadline = now() + 30_000;
      while (running.restarts === restartsBefore) {
        if (now() > deadline) throw new Error(`${name} was not restarted within 30 s`);
        await sleep(20);
      }
      const recoveredAt = now();
      for (;;) {
        try {
          const response = await fetch(`http://127.0.0.1:${running.port}/healthz`, { signal: AbortSignal.timeout(1000) });
          await response.arrayBuffer();
          if (response.ok) break;
        } catch {
          // not listening yet
        }
        if (now() > deadline + 30_000) throw new Error(`${name} restarted but not listening after 60 s`);
        await sleep(50);
      }
      return { recoveredAt, backAt: now() };
    },
  };
}

/**
 * The notifier killed while it holds a message: SMTP stops answering (`hold`), the kill waits
 * until an e-mail is claimed and in flight, then SMTP goes on. The message is neither sent nor
 * released by the dead worker: its job comes back to the queue (≤ ~25 s) and its claim is taken
 * over once the lease has passed (ADR 015).
 */
export function notifierMidSendFault(chaos: ChaosStack): Fault {
  return killFault(chaos.stack.processes, 'notifier', {
    label: ' mid-send',
    beforeKill: async () => {
      chaos.smtp.hold();
      const deadline = now() + 10_000;
      for (;;) {
        const { rows } = await chaos.admin.query<{ count: string }>(
          "SELECT count(*) FROM notifier.outbound_messages WHERE channel = 'email' AND status = 'pending' AND claimed_at > now() - interval '5 seconds'",
        );
        if (Number(rows[0]?.count) > 0) return;
        if (now() > deadline) throw new Error('no e-mail in flight within 10 s of SMTP holding');
        await sleep(50);
      }
    },
    afterKill: () => chaos.smtp.release(),
  });
}

const held = (name: string, holdMs: number, breakIt: () => Promise<unknown> | unknown, repair: () => Promise<unknown> | unknown): Fault => {
  let brokenAt = 0;
  return {
    name,
    async inject() {
      brokenAt = now();
      await breakIt();
    },
    async recover() {
      await sleep(Math.max(0, holdMs - (now() - brokenAt)));
      await repair();
      return { recoveredAt: now() };
    },
  };
};

export const redisFault = (chaos: ChaosStack, holdMs: number) =>
  held(
    `Redis stopped ${holdMs / 1000} s`,
    holdMs,
    () => chaos.redis.stop(),
    () => chaos.redis.start(),
  );
export const postgresFault = (chaos: ChaosStack, holdMs: number) =>
  held(
    `Postgres frozen (SIGSTOP) ${holdMs / 1000} s`,
    holdMs,
    () => chaos.postgres.freeze(),
    () => chaos.postgres.thaw(),
  );
export const smtpFault = (chaos: ChaosStack, holdMs: number) =>
  held(
    `SMTP refusing ${holdMs / 1000} s`,
    holdMs,
    () => chaos.smtp.refuse(),
    () => chaos.smtp.accept(),
  );

export type CaseTiming = {
  /** Steady load before the fault… */
  beforeMs: number;
  /** …and after every process is ready again. */
  afterMs: number;
  /** How long to wait for readiness, then for every alert and message. */
  readyTimeoutMs: number;
  deliveryTimeoutMs: number;
};

export type CaseResult = {
  name: string;
  /** From the fault to its recovery (for a kill: to the supervisor's restart). */
  faultMs: number;
  requests: number;
  byKind: Record<string, number>;
  status503: number;
  longestMs: number;
  longestKind: string;
  /** Answered past DEADLINE_MS. */
  overDeadline: number;
  /**
   * Of the requests that left in the fault's first half second, those answered only after the
   * recovery: they waited for the dependency instead of failing fast (counted for faults of 5 s or more).
   */
  waitedForRecovery: number;
  /** The five longest requests: kind, answer (or failure), when they left relative to the fault. */
  slowest: string[];
  /** Answered other than 2xx, 4xx or 503 (a 500, 502, 504…), as "status kind". */
  unexpected: string[];
  /** No HTTP answer (refused, cut, or the client's timeout), outside a killed gateway's own downtime. */
  clientFailures: { refused: number; reset: number; timeout: number; other: number };
  clientFailureDetails: string[];
  /** Refused or cut while the killed gateway itself was down (kill to listening again). */
  cutWhileEntryPointDown: number;
  /** From the recovery until every process's /readyz answered 200 (undefined: not within the wait). */
  readyMs: number | undefined;
  /** Processes whose /readyz said "not ready" between the fault and the recovery. */
  notReadyDuring: string[];
  alerts: AlertCount;
  messages: { welcome: MessageCount; confirmation: MessageCount };
  /** From the recovery until every alert and message of the case was delivered once (undefined: not within the wait). */
  deliveredMs: number | undefined;
  /** Configured bracelets this case looked up (its own: an alert window per bracelet). */
  bracelets: string[];
  toldAlerted: string[];
  signupEmails: string[];
  buyerEmails: string[];
  missed: string[];
};

export type ChaosContext = {
  chaos: ChaosStack;
  readiness: ReadinessWatch;
  outside: Outside;
  /** Configured bracelets never looked up yet, taken in order. */
  nextBracelet: () => string | undefined;
  unconfigured: string[];
  rates: LoadRates;
  log: (line: string) => void;
};

export async function runCase(context: ChaosContext, fault: Fault, label: string, timing: CaseTiming): Promise<CaseResult> {
  const { chaos, readiness, log } = context;
  log(`— ${fault.name}`);
  const load = startLoad({
    baseUrl: chaos.stack.baseUrl,
    label,
    nextBracelet: context.nextBracelet,
    unconfigured: context.unconfigured,
    rates: context.rates,
  });
  await sleep(timing.beforeMs);
  const faultAt = now();
  await fault.inject();
  const { recoveredAt, backAt } = await fault.recover();
  const readyAt = await readiness.readyAfter(recoveredAt, timing.readyTimeoutMs);
  await sleep(timing.afterMs);
  await load.stop();

  const toldAlerted = new Set(load.samples.filter((sample) => sample.toldAlerted).map((sample) => sample.bracelet as string));
  const deliveryDeadline = now() + timing.deliveryTimeoutMs;
  let alerts: AlertCount;
  let messages: { welcome: MessageCount; confirmation: MessageCount };
  let deliveredMs: number | undefined;
  for (;;) {
    alerts = await countAlerts(chaos.admin, context.outside, load.braceletsUsed, toldAlerted);
    messages = await countMessages(chaos.admin, context.outside, load);
    const done = alerts.deliveredOnce === alerts.expected && messages.welcome.missing === 0 && messages.confirmation.missing === 0;
    if (done) {
      deliveredMs = now() - recoveredAt;
      break;
    }
    if (now() > deliveryDeadline) break;
    await sleep(500);
  }
  const result = summarise(fault, load.samples, { faultAt, recoveredAt, backAt, readyAt });
  const row: CaseResult = {
    ...result,
    notReadyDuring: readiness.notReadyBetween(faultAt, recoveredAt),
    alerts,
    messages,
    deliveredMs,
    bracelets: load.braceletsUsed,
    toldAlerted: [...toldAlerted],
    signupEmails: load.signupEmails,
    buyerEmails: load.buyerEmails,
    missed: [],
  };
  row.missed = missedBudgets(row);
  const gaveUp = chaos.gaveUp();
  if (gaveUp) row.missed.push(`the supervisor gave up: ${gaveUp}`);
  log(`  ${describe(row)}`);
  return row;
}

function summarise(
  fault: Fault,
  samples: Sample[],
  { faultAt, recoveredAt, backAt, readyAt }: { faultAt: number; recoveredAt: number; backAt?: number; readyAt?: number },
) {
  const byKind: Record<string, number> = {};
  const clientFailures = { refused: 0, reset: 0, timeout: 0, other: 0 };
  const clientFailureDetails: string[] = [];
  const unexpected: string[] = [];
  let cutWhileEntryPointDown = 0;
  let longest: Sample | undefined;
  for (const sample of samples) {
    byKind[sample.kind] = (byKind[sample.kind] ?? 0) + 1;
    if (!longest || sample.ms > longest.ms) longest = sample;
    if (sample.failure) {
      const duringDowntime =
        fault.entryPoint && backAt !== undefined && sample.startedAt <= backAt && sample.startedAt + sample.ms >= faultAt - 50;
      if (duringDowntime && (sample.failure === 'refused' || sample.failure === 'reset')) {
        cutWhileEntryPointDown += 1;
      } else {
        clientFailures[sample.failure] += 1;
        if (clientFailureDetails.length < 5)
          clientFailureDetails.push(`${sample.kind} at +${Math.round(sample.startedAt - faultAt)} ms: ${sample.detail}`);
      }
      continue;
    }
    const status = sample.status as number;
    if (!((status >= 200 && status < 300) || (status >= 400 && status < 500) || status === 503))
      unexpected.push(`${status} ${sample.kind}`);
  }
  return {
    name: fault.name,
    faultMs: recoveredAt - faultAt,
    requests: samples.length,
    byKind,
    status503: samples.filter((sample) => sample.status === 503).length,
    longestMs: longest?.ms ?? 0,
    longestKind: longest?.kind ?? '',
    overDeadline: samples.filter((sample) => !sample.failure && sample.ms > DEADLINE_MS).length,
    waitedForRecovery:
      recoveredAt - faultAt < 5000
        ? 0
        : samples.filter(
            (sample) => sample.startedAt >= faultAt && sample.startedAt <= faultAt + 500 && sample.startedAt + sample.ms > recoveredAt,
          ).length,
    slowest: [...samples]
      .sort((a, b) => b.ms - a.ms)
      .slice(0, 5)
      .map(
        (sample) =>
          `${sample.kind} ${sample.status ?? sample.failure}${sample.toldAlerted === false ? ' (not told alerted)' : ''} in ${seconds(sample.ms)}, left at ${sample.startedAt >= faultAt ? '+' : ''}${seconds(sample.startedAt - faultAt)}`,
      ),
    unexpected,
    clientFailures,
    clientFailureDetails,
    cutWhileEntryPointDown,
    readyMs: readyAt === undefined ? undefined : readyAt - recoveredAt,
  };
}

export function missedBudgets(row: CaseResult): string[] {
  const missed: string[] = [];
  if (row.longestMs > DEADLINE_MS || row.overDeadline > 0)
    missed.push(`longest request ${seconds(row.longestMs)} > ${DEADLINE_MS / 1000} s`);
  if (row.unexpected.length > 0)
    missed.push(`${row.unexpected.length} answered other than 2xx/4xx/503 (${[...new Set(row.unexpected)].join(', ')})`);
  const failures = Object.values(row.clientFailures).reduce((sum, value) => sum + value, 0);
  if (failures > 0) missed.push(`${failures} without an answer (${row.clientFailureDetails.join('; ')})`);
  if (row.alerts.expected === 0) missed.push('no alert expected: the case proved nothing about alerts');
  if (row.alerts.toldButNoAlert.length > 0) missed.push(`${row.alerts.toldButNoAlert.length} finders told "alerted" without an alert`);
  if (row.alerts.twoAlerts.length > 0) missed.push(`${row.alerts.twoAlerts.length} bracelets alerted twice`);
  if (row.alerts.missing.length > 0) missed.push(`${row.alerts.missing.length} alerts not delivered`);
  if (row.alerts.duplicated.length > 0) missed.push(`${row.alerts.duplicated.length} alerts delivered more than once`);
  for (const [what, count] of Object.entries(row.messages)) {
    if (count.missing > 0) missed.push(`${count.missing} ${what} e-mails not delivered`);
    if (count.duplicated > 0) missed.push(`${count.duplicated} ${what} e-mails sent twice`);
  }
  if (row.readyMs === undefined || row.readyMs > READY_BUDGET_MS)
    missed.push(
      `not ready within ${READY_BUDGET_MS / 1000} s of the recovery (${row.readyMs === undefined ? 'never' : seconds(row.readyMs)})`,
    );
  return missed;
}

export const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

function describe(row: CaseResult): string {
  return [
    `${row.requests} requests, ${row.status503} × 503, longest ${row.slowest.slice(0, 3).join(' / ')}`,
    `alerts ${row.alerts.deliveredOnce}/${row.alerts.expected}`,
    `ready ${row.readyMs === undefined ? 'never' : seconds(row.readyMs)} after recovery`,
    row.missed.length > 0 ? `MISSED: ${row.missed.join('; ')}` : 'budgets met',
  ].join(', ');
}

/** The README's table. */
export function markdownTable(rows: CaseResult[]): string {
  const lines = [
    '| Case | Fault lasted | Requests (503) | Longest request | Other than 2xx/4xx/503 | No answer | Alerts expected → delivered once | Welcome / order e-mails | Ready again after recovery | Budgets |',
    '|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const row of rows) {
    const failures = Object.entries(row.clientFailures)
      .filter(([, count]) => count > 0)
      .map(([kind, count]) => `${count} ${kind}`);
    const noAnswer = [
      failures.length > 0 ? failures.join(', ') : '0',
      row.cutWhileEntryPointDown > 0 ? `(${row.cutWhileEntryPointDown} refused or cut while the gateway itself was down)` : '',
    ]
      .filter(Boolean)
      .join(' ');
    const copies = row.alerts.sameIdCopies > 0 ? ` (+${row.alerts.sameIdCopies} copy with the same Message-ID)` : '';
    const messages = `${row.messages.welcome.deliveredOnce}/${row.messages.welcome.expected}, ${row.messages.confirmation.deliveredOnce}/${row.messages.confirmation.expected}`;
    lines.push(
      `| ${row.name} | ${seconds(row.faultMs)} | ${row.requests} (${row.status503}) | ${seconds(row.longestMs)} (${row.longestKind}) | ${row.unexpected.length} | ${noAnswer} | ${row.alerts.expected} → ${row.alerts.deliveredOnce}${copies}${row.deliveredMs === undefined ? '' : `, all within ${seconds(row.deliveredMs)}`} | ${messages} | ${row.readyMs === undefined ? 'never' : seconds(row.readyMs)}${row.notReadyDuring.length > 0 ? ` (not ready during: ${row.notReadyDuring.join(', ')})` : ''} | ${row.missed.length === 0 ? 'met' : `**missed**: ${row.missed.join('; ')}`} |`,
    );
  }
  return lines.join('\n');
}
