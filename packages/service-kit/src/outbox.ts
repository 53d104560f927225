import {
  type EventName,
  type EventOf,
  type EventsBy,
  eventConsumers,
  eventSchemas,
  type ProducerName,
  queueNameFor,
} from '@bracelet/contracts';
import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import type pg from 'pg';
import { type Queryable, withTransaction } from './db.js';
import type { Logger } from './logger.js';
import { currentRequestId } from './request-context.js';

/** How a consumer job is retried when its handler fails. */
export const deliveryOptions = {
  attempts: 12,
  backoff: { type: 'exponential', delay: 500 },
  removeOnComplete: { age: 24 * 3600, count: 10_000 },
  removeOnFail: { age: 14 * 24 * 3600 },
} as const;

/**
 * Writes an event in the caller's transaction: it is published if and only if the state change
 * it announces is committed. P restricts the event to those this service may emit.
 */
export async function writeEvent<P extends ProducerName, N extends EventsBy<P>>(
  tx: Queryable,
  producer: P,
  event: EventOf<N>,
): Promise<void> {
  await writeEvents(tx, producer, [event]);
}

/** Writes several events in the caller's transaction with one insert and one wake-up. */
export async function writeEvents<P extends ProducerName, N extends EventsBy<P>>(
  tx: Queryable,
  _producer: P,
  events: readonly EventOf<N>[],
): Promise<void> {
  if (events.length === 0) return;
  // The request (or consumed event) that caused them, for the logs downstream.
  const requestId = currentRequestId();
  const parsed = events.map((event) =>
    eventSchemas[event.name as EventName].parse(requestId && !event.requestId ? { ...event, requestId } : event),
  );
  await tx.query('INSERT INTO outbox (event_id, name, payload) SELECT * FROM unnest($1::uuid[], $2::text[], $3::jsonb[])', [
    parsed.map((event) => event.eventId),
    parsed.map((event) => event.name),
    parsed.map((event) => JSON.stringify(event)),
  ]);
  // Wakes the relay now rather than at its next poll; delivered only if the transaction commits.
  await tx.query('SELECT pg_notify($1, NULL)', [outboxChannel()]);
}

export function outboxChannel(): string {
  return 'outbox_written';
}

export type OutboxRelay = { start(): void; stop(): Promise<void>; drainOnce(): Promise<number> };

type RelayOptions = {
  pool: pg.Pool;
  connection: Redis;
  queuePrefix: string;
  log: Logger;
  /** Fallback poll when no notification arrives (missed wake-ups, events written by other processes). */
  pollIntervalMs?: number;
  batchSize?: number;
};

/**
 * Publishes committed outbox rows to one BullMQ queue per consumer, with jobId = eventId so a row
 * published twice (crash between publish and mark) is still one job. While Redis is down rows
 * stay unpublished and the relay retries with backoff.
 */
export function createOutboxRelay({
  pool,
  connection,
  queuePrefix,
  log,
  pollIntervalMs = 1000,
  batchSize = 100,
}: RelayOptions): OutboxRelay {
  const queues = new Map<string, Queue>();
  let running = false;
  let wake: (() => void) | undefined;
  let loop: Promise<void> | undefined;
  let listener: pg.PoolClient | undefined;

  const queueFor = (consumer: string) => {
    let queue = queues.get(consumer);
    if (!queue) {
      queue = new Queue(queueNameFor(consumer as never), { connection, prefix: queuePrefix });
      queue.on('error', (error) => log.warn({ err: error, consumer }, 'queue connection error'));
      queues.set(consumer, queue);
    }
    return queue;
  };

  async function drainOnce(): Promise<number> {
    if (connection.status !== 'ready') throw new Error(`redis is ${connection.status}`);
    // One transaction (db.ts): a connection that stops answering is dropped, not given back busy.
    return withTransaction(pool, async (client) => {
      const { rows } = await client.query<{ position: string; name: EventName; payload: EventOf<EventName> }>(
        'SELECT position, name, payload FROM outbox WHERE published_at IS NULL ORDER BY position LIMIT $1 FOR UPDATE SKIP LOCKED',
        [batchSize],
      );
      // One round trip per consumer for the whole batch.
      const jobsByConsumer = new Map<string, Array<{ name: string; data: EventOf<EventName>; opts: object }>>();
      for (const row of rows) {
        for (const consumer of eventConsumers[row.name]) {
          const jobs = jobsByConsumer.get(consumer) ?? [];
          jobs.push({ name: row.name, data: row.payload, opts: { ...deliveryOptions, jobId: row.payload.eventId } });
          jobsByConsumer.set(consumer, jobs);
        }
      }
      for (const [consumer, jobs] of jobsByConsumer) await queueFor(consumer).addBulk(jobs);
      if (rows.length > 0) {
        await client.query('UPDATE outbox SET published_at = now() WHERE position = ANY($1::bigint[])', [rows.map((row) => row.position)]);
      }
      return rows.length;
    });
  }

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  async function run(): Promise<void> {
    let failures = 0;
    while (running) {
      try {
        const published = await drainOnce();
        failures = 0;
        if (published === 0) await sleep(pollIntervalMs);
      } catch (error) {
        failures += 1;
        const delay = Math.min(200 * 2 ** failures, 10_000);
        if (failures === 1 || failures % 10 === 0) log.warn({ err: error, retryInMs: delay }, 'outbox relay cannot publish yet');
        await sleep(delay);
      }
    }
  }

  async function listen(): Promise<void> {
    try {
      listener = await pool.connect();
      listener.on('notification', () => wake?.());
      listener.on('error', (error) => log.warn({ err: error }, 'outbox listener error'));
      await listener.query(`LISTEN ${outboxChannel()}`);
    } catch (error) {
      log.warn({ err: error }, 'outbox relay falls back to polling');
    }
  }

  return {
    drainOnce,
    start() {
      if (running) return;
      running = true;
      loop = listen().then(run);
    },
    async stop() {
      running = false;
      wake?.();
      await loop;
      if (listener) {
        // A listener that cannot UNLISTEN (the server is gone or frozen) is dropped, not pooled.
        const failed = await listener.query(`UNLISTEN ${outboxChannel()}`).then(
          () => undefined,
          (error: Error) => error,
        );
        listener.release(failed);
      }
      await Promise.all([...queues.values()].map((queue) => queue.close()));
    },
  };
}
