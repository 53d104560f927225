import { type ConsumerName, queueNameFor } from '@bracelet/contracts';
import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import type pg from 'pg';
import type { z } from 'zod';
import { type BaseConfig, ConfigError, parseConfig } from './config.js';
import { type ConsumerHandlers, createEventConsumer, type EventConsumer } from './consumer.js';
import { createPool } from './db.js';
import type { HttpServer } from './http.js';
import { exitOnConfigError, listenWithGrace } from './listen.js';
import { createLogger, type Logger } from './logger.js';
import { defineScrapedGauge, startMetricsServer } from './metrics.js';
import { createOutboxRelay, type OutboxRelay } from './outbox.js';
import { createProducerConnection, createWorkerConnection } from './redis.js';

const DEFAULT_CONCURRENCY = 4;

/** What a service's buildApp receives: everything it talks to, opened once by runService. */
export type ServiceDeps<Config extends BaseConfig> = { config: Config; db: pg.Pool; redis: Redis; log: Logger };

export type BackgroundTask = { stop(): Promise<void> };

export type ServiceDefinition<Config extends BaseConfig, C extends ConsumerName> = {
  name: string;
  configSchema: z.ZodType<Config>;
  buildApp: (deps: ServiceDeps<Config>) => HttpServer | Promise<HttpServer>;
  /** Runs the outbox relay: set for services that emit events. */
  emitsEvents?: boolean;
  /** The handlers, or a factory given the opened dependencies (for handlers that need config). */
  consumes?: { consumer: C; handlers: ConsumerHandlers<C> | ((deps: ServiceDeps<Config>) => ConsumerHandlers<C>); concurrency?: number };
  /** Long-running work besides HTTP and events (scheduled jobs…). */
  startBackground?: (deps: ServiceDeps<Config>) => BackgroundTask;
};

/**
 * The main of every service process: parse config (fail fast), open Postgres and Redis, start the
 * outbox relay and the event consumer, listen, and on SIGTERM/SIGINT close workers, then HTTP,
 * then queues, Redis and the pool.
 */
export async function runService<Config extends BaseConfig, C extends ConsumerName>(
  definition: ServiceDefinition<Config, C>,
): Promise<void> {
  let config: Config;
  try {
    config = parseConfig(definition.name, definition.configSchema);
  } catch (error) {
    if (error instanceof ConfigError) exitOnConfigError(error);
    throw error;
  }

  const log = createLogger(definition.name, config.LOG_LEVEL);
  // Each event job holds one connection for its transaction and may use up to two more on the
  // side (outbound-message claims): the pool must outgrow the worker's concurrency, or jobs
  // waiting for a connection would wait on each other forever.
  const concurrency = definition.consumes?.concurrency ?? DEFAULT_CONCURRENCY;
  const db = createPool(config.DATABASE_URL, config.DATABASE_SCHEMA, Math.max(10, concurrency * 3 + 4));
  db.on('error', (error) => log.warn({ err: error }, 'idle postgres client error'));
  const redis = createProducerConnection(config.REDIS_URL);
  redis.on('error', (error) => log.debug({ err: error }, 'redis connection error'));
  const deps: ServiceDeps<Config> = { config, db, redis, log };

  const app = await definition.buildApp(deps);
  let relay: OutboxRelay | undefined;
  let consumer: EventConsumer | undefined;
  let workerConnection: Redis | undefined;
  let background: BackgroundTask | undefined;

  if (definition.emitsEvents) {
    relay = createOutboxRelay({ pool: db, connection: redis, queuePrefix: config.QUEUE_PREFIX, log: log.child({ part: 'outbox' }) });
    relay.start();
  }
  if (definition.consumes) {
    workerConnection = createWorkerConnection(config.REDIS_URL);
    workerConnection.on('error', (error) => log.debug({ err: error }, 'redis worker connection error'));
    const { consumer: consumerName, handlers } = definition.consumes;
    consumer = createEventConsumer({
      consumer: consumerName,
      concurrency,
      handlers: typeof handlers === 'function' ? handlers(deps) : handlers,
      pool: db,
      connection: workerConnection,
      queuePrefix: config.QUEUE_PREFIX,
      log: log.child({ part: 'consumer' }),
    });
  }
  background = definition.startBackground?.(deps);
  const metricsServer = await startMetricsServer({ port: config.METRICS_PORT, host: config.METRICS_HOST ?? config.HOST, log });
  if (definition.emitsEvents) observeOutbox(db);
  if (definition.consumes)
    observeQueue(new Queue(queueNameFor(definition.consumes.consumer), { connection: redis, prefix: config.QUEUE_PREFIX }));

  await listenWithGrace(app, {
    host: config.HOST,
    port: config.PORT,
    log,
    close: async () => {
      metricsServer?.close();
      await consumer?.close();
      await background?.stop();
      await app.close();
      await relay?.stop();
      await Promise.allSettled([redis.quit(), workerConnection?.quit()]);
      await db.end();
    },
  });
}

/** The outbox's backlog and the age of its oldest unpublished event, read at each scrape. */
function observeOutbox(db: pg.Pool): void {
  defineScrapedGauge('outbox_backlog', 'Events written but not yet published to the queues.', [], async (set) => {
    const { rows } = await db.query<{ count: string }>('SELECT count(*) AS count FROM outbox WHERE published_at IS NULL');
    set({}, Number(rows[0]?.count ?? 0));
  });
  defineScrapedGauge('outbox_oldest_age_seconds', 'Age of the oldest unpublished event (0 when none).', [], async (set) => {
    const { rows } = await db.query<{ age: number | null }>(
      'SELECT extract(epoch FROM now() - min(created_at))::float AS age FROM outbox WHERE published_at IS NULL',
    );
    set({}, rows[0]?.age ?? 0);
  });
}

/** The consumer's queue: jobs waiting, running, delayed (retries) and failed (kept 14 days). */
function observeQueue(queue: Queue): void {
  defineScrapedGauge('queue_jobs', "Jobs in this consumer's queue, by state.", ['queue', 'state'], async (set) => {
    const counts = await queue.getJobCounts('waiting', 'active', 'delayed', 'failed');
    for (const [state, count] of Object.entries(counts)) set({ queue: queue.name, state }, count);
  });
}
