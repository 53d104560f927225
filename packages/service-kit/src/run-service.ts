import type { Server } from 'node:http';
import { type ConsumerName, queueNameFor } from '@bracelet/contracts';
import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import type pg from 'pg';
import type { z } from 'zod';
import { type BaseConfig, ConfigError, parseConfig } from './config.js';
import { type ConsumerHandlers, createEventConsumer } from './consumer.js';
import { createPool, databaseDeadlinesOf } from './db.js';
import type { HttpServer } from './http.js';
import { exitOnConfigError, listenWithGrace } from './listen.js';
import { createLogger, type Logger } from './logger.js';
import { defineScrapedGauge, startMetricsServer } from './metrics.js';
import { createOutboxRelay } from './outbox.js';
import { createProducerConnection, createWorkerConnection, redisDeadlinesOf } from './redis.js';

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
 * outbox relay and the event consumer, listen, and on SIGTERM/SIGINT close workers and HTTP, then
 * the relay, Redis and the pool — within SHUTDOWN_DEADLINE_MS, whatever they are doing.
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
  // Every wait on Postgres and Redis has a deadline: a stuck dependency answers 503, never hangs (ADR 016).
  const db = createPool(config.DATABASE_URL, config.DATABASE_SCHEMA, Math.max(10, concurrency * 3 + 4), databaseDeadlinesOf(config));
  db.on('error', (error) => log.warn({ err: error }, 'idle postgres client error'));
  const redisDeadlines = redisDeadlinesOf(config);
  const redis = createProducerConnection(config.REDIS_URL, {}, redisDeadlines);
  redis.on('error', (error) => log.debug({ err: error }, 'redis connection error'));
  const deps: ServiceDeps<Config> = { config, db, redis, log };

  const app = await definition.buildApp(deps);
  const relay = definition.emitsEvents
    ? createOutboxRelay({ pool: db, connection: redis, queuePrefix: config.QUEUE_PREFIX, log: log.child({ part: 'outbox' }) })
    : undefined;
  relay?.start();
  const workerConnection = definition.consumes ? createWorkerConnection(config.REDIS_URL, redisDeadlines) : undefined;
  workerConnection?.on('error', (error) => log.debug({ err: error }, 'redis worker connection error'));
  const consumer =
    definition.consumes && workerConnection
      ? createEventConsumer({
          consumer: definition.consumes.consumer,
          concurrency,
          handlers: typeof definition.consumes.handlers === 'function' ? definition.consumes.handlers(deps) : definition.consumes.handlers,
          pool: db,
          connection: workerConnection,
          queuePrefix: config.QUEUE_PREFIX,
          log: log.child({ part: 'consumer' }),
        })
      : undefined;
  const background = definition.startBackground?.(deps);
  const metricsServer = await startMetricsServer({ port: config.METRICS_PORT, host: config.METRICS_HOST ?? config.HOST, log });
  if (definition.emitsEvents) observeOutbox(db);
  if (definition.consumes)
    observeQueue(new Queue(queueNameFor(definition.consumes.consumer), { connection: redis, prefix: config.QUEUE_PREFIX }));

  const connections = [redis, workerConnection].filter((connection): connection is Redis => connection !== undefined);
  await listenWithGrace(app, {
    host: config.HOST,
    port: config.PORT,
    log,
    deadlineMs: config.SHUTDOWN_DEADLINE_MS,
    // Work under way (jobs, requests, background runs) finishes together, then what it may still
    // have written is published, then the connections close. Past the deadline the process exits
    // anyway: an unfinished job's transaction dies with its connection, and the job is redelivered.
    phases: [
      [
        { name: 'metrics', run: async () => closeServer(metricsServer) },
        consumer && { name: 'event jobs in progress', run: () => consumer.close() },
        background && { name: 'background tasks', run: () => background.stop() },
        { name: 'HTTP requests in flight', run: () => app.close() },
      ],
      [relay && { name: 'outbox relay', run: () => relay.stop() }],
      connections.map((connection, index) => ({ name: index === 0 ? 'redis' : 'redis (worker)', run: () => closeRedis(connection) })),
      [{ name: 'postgres pool', run: () => db.end() }],
    ],
    force: () => {
      for (const connection of connections) connection.disconnect();
    },
  });
}

/** QUIT when Redis answers; otherwise (stopped, unreachable) just drop the socket and stop reconnecting. */
async function closeRedis(connection: Redis): Promise<void> {
  if (connection.status !== 'ready') return connection.disconnect();
  await connection.quit().catch(() => connection.disconnect());
}

/** Stops the metrics port: new scrapes are refused, kept-alive ones closed. */
function closeServer(server: Server | undefined): void {
  server?.close();
  server?.closeIdleConnections();
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
