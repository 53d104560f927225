import { Redis, type RedisOptions } from 'ioredis';

/**
 * Workers block on Redis and must wait through an outage rather than fail a command
 * (BullMQ requires maxRetriesPerRequest: null for them).
 */
export function createWorkerConnection(url: string): Redis {
  return new Redis(url, { maxRetriesPerRequest: null, enableReadyCheck: true });
}

/**
 * Producers (the outbox relay, readiness checks) should fail fast during an outage: the outbox keeps
 * the event, and the relay tries again later.
 */
export function createProducerConnection(url: string, options: RedisOptions = {}): Redis {
  return new Redis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: true, ...options });
}
