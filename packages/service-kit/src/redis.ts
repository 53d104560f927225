import { Redis, type RedisOptions } from 'ioredis';

/** How long a Redis connection may take to open, and a command to be answered (ADR 016). */
export type RedisDeadlines = { connectMs: number; commandMs: number };

/** The deadlines a data service's settings give (baseConfigSchema). */
export const redisDeadlinesOf = (config: { REDIS_CONNECT_TIMEOUT_MS: number; REDIS_COMMAND_TIMEOUT_MS: number }): RedisDeadlines => ({
  connectMs: config.REDIS_CONNECT_TIMEOUT_MS,
  commandMs: config.REDIS_COMMAND_TIMEOUT_MS,
});

/**
 * Workers block on Redis and must wait through an outage rather than fail a command: BullMQ
 * requires maxRetriesPerRequest: null for them, and a command timeout would cut its blocking
 * reads (BZPOPMIN) short — BullMQ bounds those itself with a watchdog. Only opening the
 * connection is bounded.
 */
export function createWorkerConnection(url: string, deadlines?: Pick<RedisDeadlines, 'connectMs'>): Redis {
  return new Redis(url, {
    maxRetriesPerRequest: null,
    enableReadyCheck: true,
    ...(deadlines ? { connectTimeout: deadlines.connectMs } : {}),
  });
}

/**
 * Producers (the outbox relay, rate limits, readiness checks) should fail fast during an outage:
 * the outbox keeps the event and the relay tries again later; a rate limit is skipped. With
 * deadlines, a command waits at most `commandMs`, queued while reconnecting or sent to a server
 * that does not answer.
 */
export function createProducerConnection(url: string, options: RedisOptions = {}, deadlines?: RedisDeadlines): Redis {
  return new Redis(url, {
    maxRetriesPerRequest: 1,
    enableOfflineQueue: true,
    ...(deadlines ? { connectTimeout: deadlines.connectMs, commandTimeout: deadlines.commandMs } : {}),
    ...options,
  });
}
