import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, realpathSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type RunningProcess, type Supervision, startProcess, waitUntilReady } from './children.js';
import { buildFrontends, staleFrontends } from './frontends.js';
import { startMailCatcher } from './mail-catcher.js';
import { isPortFree, resolvePostgres } from './postgres.js';
import { type DataService, dataServices, entryOf, repoRoot } from './processes-table.js';
import { prepareDatabase } from './provision.js';
import { freePort, resolveRedis } from './redis.js';
import { loadLocalSecrets } from './secrets.js';
import { type DemoData, seedDemoData } from './seed.js';

export type StackOptions = {
  dataDir: string;
  /** The public port (gateway). 0 picks a free one. */
  port: number;
  host?: string;
  publicUrl?: string;
  /** The gateway's TRUST_PROXY (a TLS proxy in front). */
  trustProxy?: string;
  databaseUrl?: string;
  redisUrl?: string;
  /** Real SMTP for outgoing mail; without it, a catcher writes messages to <dataDir>/mail. */
  smtpUrl?: string;
  embeddedPostgresPort?: number;
  /** Overrides the data folder's role secret (tests share cluster-wide roles across runs). */
  roleSecret?: string;
  /** Isolates BullMQ keys; a fresh one per test run. Default: derived from the data folder. */
  queuePrefix?: string;
  logLevel?: string;
  /**
   * How many copies of every process run side by side on the same Postgres and Redis (default 1):
   * with 2, processes are named `scan-1`, `scan-2`…, and gateway r routes to replica r of each
   * service (the scale-out test kills one copy and goes on through the other gateway).
   */
  replicas?: number;
  /**
   * Set by `npm start`: a process that exits unexpectedly is restarted with backoff, and when one
   * keeps dying (5 times within a minute) everything is stopped and this is called with why.
   */
  onGiveUp?: (message: string) => void;
  /** Extra settings for every service (benchmarks raise rate limits). */
  serviceEnv?: Record<string, string>;
  log?: (line: string) => void;
};

export type Stack = {
  baseUrl: string;
  /** The product's database as its owner (benchmarks build their references beside it). */
  databaseAdminUrl: string;
  /** Every gateway, on loopback (one unless `replicas`). */
  gatewayUrls: string[];
  demo: DemoData;
  processes: RunningProcess[];
  mailDir: string;
  /** Where the development SMS provider writes each message (SMS_LOG_DIR). */
  smsDir: string;
  /** Each process's /metrics, by process name (loopback only). */
  metricsUrls: Record<string, string>;
  stop(): Promise<void>;
};

/**
 * Brings the whole product up the way `npm start` does: Postgres and Redis, built frontends,
 * migrated schemas, demo data, every process, and waits until a demo bracelet answers through the
 * gateway.
 */
export async function startStack(options: StackOptions): Promise<Stack> {
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  const { dataDir } = options;
  mkdirSync(dataDir, { recursive: true });
  const secrets = loadLocalSecrets(dataDir);
  const stops: Array<() => Promise<void>> = [];
  let stopped: Promise<void> | undefined;
  const stopAll = () => {
    stopped ??= (async () => {
      for (const stop of stops.reverse()) await stop().catch((error) => log(`arrêt : ${String(error)}`));
    })();
    return stopped;
  };
  // npm start supervises: a process that dies is restarted; one that keeps dying stops everything.
  const supervision: Supervision | undefined = options.onGiveUp
    ? {
        onGiveUp: (message) => {
          void stopAll().then(() => options.onGiveUp?.(message));
        },
      }
    : undefined;

  try {
    if (options.port !== 0 && !(await isPortFree(options.port))) {
      throw new PortTakenError(
        `Le port ${options.port} est déjà utilisé (un autre npm start ?). Choisissez-en un autre : PORT=3001 npm start`,
      );
    }
    const postgres = await resolvePostgres({
      databaseUrl: options.databaseUrl,
      dataDir,
      port: options.embeddedPostgresPort ?? 54329,
      password: secrets.postgresPassword,
      log,
    });
    stops.push(() => postgres.stop());
    const redis = await resolveRedis({ redisUrl: options.redisUrl, dataDir });
    stops.push(() => redis.stop());

    let smtpUrl = options.smtpUrl;
    const mailDir = join(dataDir, 'mail');
    if (!smtpUrl) {
      const catcher = await startMailCatcher({ dir: mailDir, port: await freePort() });
      stops.push(() => catcher.stop());
      smtpUrl = catcher.url;
    }

    const stale = staleFrontends();
    if (stale.length > 0) await buildFrontends(stale, log);

    const databaseUrls = await prepareDatabase(postgres.adminUrl, options.roleSecret ?? secrets.roleSecret);
    const demo = await seedDemoData(databaseUrls, dataDir);

    const port = options.port === 0 ? await freePort() : options.port;
    const host = options.host ?? '127.0.0.1';
    const baseUrl = options.publicUrl ?? `http://${host === '0.0.0.0' ? 'localhost' : host}:${port}`;
    const common = {
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      REDIS_URL: redis.url,
      QUEUE_PREFIX: options.queuePrefix ?? queuePrefixOf(dataDir),
      LOG_LEVEL: options.logLevel ?? 'info',
      PUBLIC_URL: baseUrl,
      ...options.serviceEnv,
      IDENTITY_SECRET: secrets.identitySecret,
    };
    const logsDir = join(dataDir, 'logs');
    const processes: RunningProcess[] = [];
    stops.push(async () => {
      // The gateways first, so no request is sent to a service that is closing; the services get
      // the signal once the gateways are gone or 2 s later, so the whole stop stays within one
      // process's shutdown deadline (a Ctrl-C returns within 15 s even with Redis gone).
      // Ctrl-C reaches every process at once: their exits from now on are expected, not crashes.
      for (const running of processes) running.markStopping();
      const isGateway = (running: RunningProcess) => running.name.startsWith('gateway');
      const gatewaysStopped = Promise.all(processes.filter(isGateway).map((running) => running.stop()));
      await Promise.race([gatewaysStopped, new Promise((resolve) => setTimeout(resolve, 2000))]);
      await Promise.all([gatewaysStopped, ...processes.filter((running) => !isGateway(running)).map((running) => running.stop())]);
    });

    // Each process's Prometheus metrics, on a port of its own (never through the gateway).
    const metricsUrls: Record<string, string> = {};
    const metricsPortOf = async (name: string) => {
      const metricsPort = await freePort();
      metricsUrls[name] = `http://127.0.0.1:${metricsPort}/metrics`;
      return String(metricsPort);
    };
    const replicas = options.replicas ?? 1;
    const gatewayPorts: number[] = [];
    // Replica r of every service and gateway r, which routes to that set (one name per process:
    // `scan` alone, or `scan-1`, `scan-2`… side by side on the same Postgres and Redis).
    for (let replica = 1; replica <= replicas; replica += 1) {
      const nameOf = (process: string) => (replicas === 1 ? process : `${process}-${replica}`);
      const servicePorts = {} as Record<DataService, number>;
      for (const service of dataServices) {
        servicePorts[service] = await freePort();
        processes.push(
          startProcess(
            {
              name: nameOf(service),
              entry: entryOf(service),
              port: servicePorts[service],
              logsDir,
              env: {
                ...common,
                DATABASE_URL: databaseUrls[service],
                DATABASE_SCHEMA: service,
                METRICS_PORT: await metricsPortOf(nameOf(service)),
                SMTP_URL: smtpUrl,
                SMS_LOG_DIR: join(dataDir, 'sms'),
              },
            },
            log,
            supervision,
          ),
        );
      }
      const gatewayPort = replica === 1 ? port : await freePort();
      gatewayPorts.push(gatewayPort);
      processes.push(
        startProcess(
          {
            name: nameOf('gateway'),
            entry: entryOf('gateway'),
            port: gatewayPort,
            logsDir,
            env: {
              ...common,
              HOST: host,
              METRICS_PORT: await metricsPortOf(nameOf('gateway')),
              // The gateway may listen on the LAN (a phone scanning a demo bracelet); its metrics do not.
              METRICS_HOST: '127.0.0.1',
              ...(options.trustProxy ? { TRUST_PROXY: options.trustProxy } : {}),
              FRONTENDS_DIR: join(repoRoot, 'frontends'),
              // Staff read caught mail in the back office; with real SMTP there is nothing to show.
              ...(options.smtpUrl ? {} : { DEV_MAIL_DIR: mailDir }),
              CATALOG_URL: `http://127.0.0.1:${servicePorts.catalog}`,
              CHECKOUT_URL: `http://127.0.0.1:${servicePorts.checkout}`,
              FAMILY_URL: `http://127.0.0.1:${servicePorts.family}`,
              SCAN_URL: `http://127.0.0.1:${servicePorts.scan}`,
              FULFILMENT_URL: `http://127.0.0.1:${servicePorts.fulfilment}`,
              NOTIFIER_URL: `http://127.0.0.1:${servicePorts.notifier}`,
            },
          },
          log,
          supervision,
        ),
      );
    }
    const gatewayUrls = gatewayPorts.map((gatewayPort) => `http://127.0.0.1:${gatewayPort}`);
    const gateway = processes.find((running) => running.name === (replicas === 1 ? 'gateway' : 'gateway-1')) as RunningProcess;

    await Promise.all(processes.map((running) => waitUntilReady(`http://127.0.0.1:${running.port}/readyz`, running)));
    // The demo bracelets reach scan through the outbox and a queue: wait until a finder would see them.
    const firstBracelet = demo.bracelets[0];
    if (firstBracelet) await waitUntilReady(`${gatewayUrls[0]}/get_child_by_bracelet/${firstBracelet}`, gateway, 30_000);

    writeFileSync(join(dataDir, 'demo.json'), `${JSON.stringify({ baseUrl, ...demo }, null, 2)}\n`);
    return {
      baseUrl,
      databaseAdminUrl: postgres.adminUrl,
      gatewayUrls,
      demo,
      processes,
      mailDir,
      smsDir: join(dataDir, 'sms'),
      metricsUrls,
      stop: stopAll,
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}

export class PortTakenError extends Error {}

/**
 * The queue prefix of a data folder: two `npm start` with two data folders on one Redis never
 * consume each other's events (each has its own database), while one folder keeps its queues
 * across restarts. Rate-limit and throttle keys share the prefix.
 */
export function queuePrefixOf(dataDir: string): string {
  return `bracelet-${createHash('sha256').update(realpathSync(dataDir)).digest('hex').slice(0, 12)}`;
}

/** A queue prefix no other run uses. */
export function uniqueQueuePrefix(label: string): string {
  return `${label}-${randomBytes(4).toString('hex')}`;
}
