import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ConsumerName, EventOf, EventsFor } from '@bracelet/contracts';
import { type MailAttachment, type ParsedMail, parseAttachments, parseMail } from '@bracelet/dev-mail';
import type { Redis } from 'ioredis';
import type { z } from 'zod';
import { type BaseConfig, parseConfig } from '../config.js';
import type { ConsumerHandlers } from '../consumer.js';
import { createPool, databaseDeadlinesOf, type Pool, withTransaction } from '../db.js';
import type { HttpServer } from '../http.js';
import { createLogger, type Logger } from '../logger.js';
import { createProducerConnection, redisDeadlinesOf } from '../redis.js';
import type { ServiceDeps } from '../run-service.js';

/**
 * Test support shared by every service, the integration and end-to-end tests and the bench: one
 * way to build a service for a test, to run an event handler as the consumer would, to wait for
 * something to happen, and to read the mail the development catcher caught.
 */

export type ServiceUnderTest<Config extends BaseConfig> = {
  app: HttpServer;
  config: Config;
  db: Pool;
  redis: Redis;
  log: Logger;
  close(): Promise<void>;
};

/**
 * A service's app on an already migrated database (the test run's global setup migrates every
 * schema once), with its own queue prefix, silent logs and any settings the test overrides.
 */
export async function buildServiceForTest<Config extends BaseConfig>({
  name,
  configSchema,
  buildApp,
  env,
  poolSize = 4,
  withDeadlines = false,
}: {
  name: string;
  /** Connections in the test's pool (raise it for tests that run transactions side by side). */
  poolSize?: number;
  configSchema: z.ZodType<Config>;
  buildApp: (deps: ServiceDeps<Config>) => HttpServer | Promise<HttpServer>;
  /** DATABASE_URL, DATABASE_SCHEMA, REDIS_URL, IDENTITY_SECRET and the test's own settings. */
  env: Record<string, string>;
  /** Postgres and Redis deadlines as runService sets them (DB_*_TIMEOUT_MS, REDIS_*_TIMEOUT_MS), for tests of a stuck dependency. */
  withDeadlines?: boolean;
}): Promise<ServiceUnderTest<Config>> {
  const config = parseConfig(name, configSchema, {
    PORT: '0',
    LOG_LEVEL: 'silent',
    QUEUE_PREFIX: `${name}-test-${randomUUID().slice(0, 8)}`,
    ...env,
  });
  const db = createPool(config.DATABASE_URL, config.DATABASE_SCHEMA, poolSize, withDeadlines ? databaseDeadlinesOf(config) : undefined);
  const redis = createProducerConnection(config.REDIS_URL, {}, withDeadlines ? redisDeadlinesOf(config) : undefined);
  const log = createLogger(`${name}-test`, config.LOG_LEVEL);
  // As runService does: an outage is readiness's business, not an unhandled error event.
  redis.on('error', (error) => log.debug({ err: error }, 'redis connection error'));
  const app = await buildApp({ config, db, redis, log });
  return {
    app,
    config,
    db,
    redis,
    log,
    async close() {
      await app.close();
      redis.disconnect();
      await db.end();
    },
  };
}

/** Runs one event handler as the consumer does: in one transaction, committed if it resolves. */
export async function runHandler<C extends ConsumerName>(
  db: Pool,
  handlers: ConsumerHandlers<C>,
  event: EventOf<EventsFor<C>>,
  log: Logger = createLogger('test', 'silent'),
): Promise<void> {
  const handler = handlers[event.name as EventsFor<C>] as (event: unknown, context: unknown) => Promise<void>;
  await withTransaction(db, (tx) => handler(event, { tx, db, log }));
}

/** Polls until `check` gives a value other than undefined, or fails after `timeoutMs`. */
export async function eventually<T>(check: () => T | undefined | Promise<T | undefined>, timeoutMs = 15_000, intervalMs = 100): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

export type CapturedMail = ParsedMail & { attachments: MailAttachment[] };

/** The messages the development mail catcher wrote to `dir` (for `to`, if given), oldest first, with their attachments. */
export function readCapturedMail(dir: string, to?: string): CapturedMail[] {
  let names: string[];
  try {
    names = readdirSync(dir).sort();
  } catch {
    return [];
  }
  return names
    .filter((name) => name.endsWith('.eml'))
    .map((name) => {
      const raw = readFileSync(join(dir, name), 'utf8');
      return { ...parseMail(raw), attachments: parseAttachments(raw) };
    })
    .filter((mail) => to === undefined || mail.to.includes(to));
}

export { type FreezableProxy, startFreezableProxy } from './freezable-proxy.js';
