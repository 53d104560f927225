import { type ConsumerName, type EventName, type EventOf, type EventsFor, eventSchemas, queueNameFor } from '@bracelet/contracts';
import { type Job, UnrecoverableError, Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import type pg from 'pg';
import { withTransaction } from './db.js';
import type { Logger } from './logger.js';
import { defineCounter } from './metrics.js';
import { runWithRequestId } from './request-context.js';

/**
 * `tx` commits with the processed mark; `db` is for work that must commit on its own (outbound
 * messages); `lastAttempt`: no retry follows if this one fails (the notifier then keeps the
 * message as undelivered instead of failing the job).
 */
export type HandlerContext = { tx: pg.PoolClient; db: pg.Pool; log: Logger; lastAttempt?: boolean };
export type EventHandler<N extends EventName> = (event: EventOf<N>, context: HandlerContext) => Promise<void>;

/** One handler for each event routed to consumer C: a missing or extra handler fails to compile. */
export type ConsumerHandlers<C extends ConsumerName> = { [N in EventsFor<C>]: EventHandler<N> };

const eventsHandled = defineCounter('events_handled_total', 'Events a consumer applied (redeliveries included).', ['consumer', 'event']);

type ConsumerOptions<C extends ConsumerName> = {
  consumer: C;
  handlers: ConsumerHandlers<C>;
  pool: pg.Pool;
  connection: Redis;
  queuePrefix: string;
  log: Logger;
  concurrency?: number;
};

/**
 * How fast a job held by a process that died (SIGKILL, lost node) goes back to the queue for
 * another replica: its lock lapses after 15 s without renewal (renewed every 7.5 s while alive)
 * and the survivors look for such jobs every 10 s, so an alert waits at most ~25 s for a crashed
 * notifier. A job may be orphaned twice before it is failed (kept, never dropped). ADR 015.
 */
export const crashRecovery = { lockDuration: 15_000, stalledInterval: 10_000, maxStalledCount: 2 } as const;

export type EventConsumer = { close(): Promise<void>; worker: Worker };

/**
 * Reads the consumer's queue. Each event is validated against its contract; its effect and the
 * processed mark commit in one transaction, so an event delivered twice has one effect.
 */
export function createEventConsumer<C extends ConsumerName>(options: ConsumerOptions<C>): EventConsumer {
  const { consumer, handlers, pool, connection, queuePrefix, log, concurrency = 4 } = options;
  const inFlight = trackInFlight();
  const worker = new Worker(
    queueNameFor(consumer),
    inFlight.wrap(async (job: Job) => {
      const name = job.name as EventsFor<C>;
      const handler = (handlers as Record<string, EventHandler<never>>)[name];
      const schema = eventSchemas[name];
      if (!handler || !schema) throw new UnrecoverableError(`${consumer} has no handler for ${job.name}`);
      const parsed = schema.safeParse(job.data);
      if (!parsed.success) throw new UnrecoverableError(`invalid ${job.name} payload: ${parsed.error.message}`);
      const event = parsed.data;
      const eventLog = log.child({ event: name, eventId: event.eventId, ...(event.requestId ? { requestId: event.requestId } : {}) });
      const started = performance.now();
      // Events the handler writes carry the same request id (the scan → the alert → its mail).
      await runWithRequestId(event.requestId, () =>
        withTransaction(pool, async (tx) => {
          const mark = await tx.query('INSERT INTO processed_events (event_id, name) VALUES ($1, $2) ON CONFLICT (event_id) DO NOTHING', [
            event.eventId,
            name,
          ]);
          if (mark.rowCount === 0) {
            eventLog.debug('event already processed');
            return;
          }
          const lastAttempt = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
          await handler(event as never, { tx, db: pool, log: eventLog, lastAttempt });
        }),
      );
      eventsHandled.inc({ consumer, event: name });
      eventLog.info({ ms: Math.round(performance.now() - started) }, 'event handled');
    }),
    { connection, prefix: queuePrefix, concurrency, autorun: true, ...crashRecovery },
  );
  worker.on('failed', (job, error) => log.warn({ err: error, event: job?.name, attempts: job?.attemptsMade }, 'event handling failed'));
  worker.on('error', (error) => log.warn({ err: error }, 'worker connection error'));
  return {
    worker,
    // Jobs under way finish first (or the shutdown deadline cuts them: ADR 016). With Redis gone,
    // BullMQ's close waits for it forever; once no job runs there is nothing left to wait for —
    // a finished job whose completion Redis did not record is delivered again and deduplicated.
    close: async () => {
      const closing = worker.close();
      closing.catch((error) => log.warn({ err: error }, 'worker close failed'));
      await Promise.race([closing, inFlight.idle().then(() => (connection.status === 'ready' ? closing : undefined))]);
    },
  };
}

/** Counts the jobs whose handler is running, so that shutdown knows when none is. */
function trackInFlight() {
  let running = 0;
  const waiters: Array<() => void> = [];
  return {
    wrap<A extends unknown[], R>(process: (...args: A) => Promise<R>) {
      return async (...args: A): Promise<R> => {
        running += 1;
        try {
          return await process(...args);
        } finally {
          running -= 1;
          if (running === 0) for (const resolve of waiters.splice(0)) resolve();
        }
      };
    },
    idle: () => (running === 0 ? Promise.resolve() : new Promise<void>((resolve) => waiters.push(resolve))),
  };
}

/**
 * The handler of an event whose feature is not built yet. It does not mark the event processed:
 * the job fails without retries and stays in the queue's failed set (kept 14 days), so it can be
 * retried once the feature exists instead of being silently dropped.
 */
export function handledLater<N extends EventName>(feature: string): EventHandler<N> {
  return async (event) => {
    throw new UnrecoverableError(`${event.name} is not handled yet: ${feature}`);
  };
}
