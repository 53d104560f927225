import { randomUUID } from 'node:crypto';
import { createEvent, queueNameFor } from '@bracelet/contracts';
import {
  type ConsumerHandlers,
  createEventConsumer,
  createOutboxRelay,
  createProducerConnection,
  createWorkerConnection,
} from '@bracelet/service-kit';
import { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mintBracelets } from '../../services/fulfilment/src/use-cases/mint-bracelets.js';
import { scanEventHandlers } from '../../services/scan/src/events/handlers.js';
import { eventually, servicePool, silentLog, startOwnRedis } from './helpers.js';

const fulfilment = servicePool('fulfilment');
const scan = servicePool('scan');
afterAll(async () => {
  await Promise.all([fulfilment.end(), scan.end()]);
});

async function cardExists(braceletId: string): Promise<true | undefined> {
  const { rowCount } = await scan.query('SELECT 1 FROM scan_cards WHERE bracelet_id = $1', [braceletId]);
  return rowCount === 1 ? true : undefined;
}

describe('events through the outbox', () => {
  let redis: Awaited<ReturnType<typeof startOwnRedis>>;
  beforeAll(async () => {
    redis = await startOwnRedis();
  });
  afterAll(async () => {
    await redis.stop();
  });

  it('delivers an event written while Redis is down once Redis returns', async () => {
    const prefix = `outage-${randomUUID().slice(0, 8)}`;
    const producerConnection = createProducerConnection(redis.url);
    producerConnection.on('error', () => undefined);
    const workerConnection = createWorkerConnection(redis.url);
    workerConnection.on('error', () => undefined);
    const relay = createOutboxRelay({
      pool: fulfilment,
      connection: producerConnection,
      queuePrefix: prefix,
      log: silentLog,
      pollIntervalMs: 100,
    });
    const consumer = createEventConsumer({
      consumer: 'scan',
      handlers: scanEventHandlers,
      pool: scan,
      connection: workerConnection,
      queuePrefix: prefix,
      log: silentLog,
    });
    try {
      await redis.stop();
      const [braceletId] = await mintBracelets(fulfilment, { count: 1, label: `outage-${prefix}` });
      if (!braceletId) throw new Error('nothing minted');
      relay.start();

      // While Redis is down, the event stays in the outbox, unpublished, and nothing reaches scan.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      const pending = await fulfilment.query("SELECT published_at FROM outbox WHERE payload->'braceletIds' ? $1", [braceletId]);
      expect(pending.rows).toEqual([{ published_at: null }]);
      expect(await cardExists(braceletId)).toBeUndefined();

      await redis.restart();
      await eventually(() => cardExists(braceletId), 25_000);
      const published = await fulfilment.query("SELECT published_at FROM outbox WHERE payload->'braceletIds' ? $1", [braceletId]);
      expect(published.rows[0]?.published_at).toBeInstanceOf(Date);
    } finally {
      await relay.stop();
      await consumer.close();
      producerConnection.disconnect();
      workerConnection.disconnect();
    }
  });

  it('applies an event delivered twice only once', async () => {
    const prefix = `twice-${randomUUID().slice(0, 8)}`;
    const connection = createWorkerConnection(redis.url);
    const queue = new Queue(queueNameFor('scan'), { connection, prefix });
    let calls = 0;
    const countingHandlers: ConsumerHandlers<'scan'> = {
      ...scanEventHandlers,
      'bracelets.minted': async (event, context) => {
        calls += 1;
        await scanEventHandlers['bracelets.minted'](event, context);
      },
    };
    const consumer = createEventConsumer({
      consumer: 'scan',
      handlers: countingHandlers,
      pool: scan,
      connection,
      queuePrefix: prefix,
      log: silentLog,
    });
    try {
      const event = createEvent('bracelets.minted', { batchId: randomUUID(), braceletIds: ['0000000000000000twce'] });
      // Two jobs for one event, as after a relay crash between publishing and marking the row.
      await queue.add(event.name, event, { jobId: `${event.eventId}-first` });
      await queue.add(event.name, event, { jobId: `${event.eventId}-again` });
      await eventually(async () => ((await queue.getCompletedCount()) === 2 ? true : undefined));
      expect(calls).toBe(1);
      const marks = await scan.query('SELECT count(*)::int AS n FROM processed_events WHERE event_id = $1', [event.eventId]);
      expect(marks.rows[0]?.n).toBe(1);
    } finally {
      await consumer.close();
      await queue.close();
      connection.disconnect();
    }
  });

  it('refuses a payload that breaks the contract, with no effect', async () => {
    const prefix = `bad-${randomUUID().slice(0, 8)}`;
    const connection = createWorkerConnection(redis.url);
    const queue = new Queue(queueNameFor('scan'), { connection, prefix });
    const consumer = createEventConsumer({
      consumer: 'scan',
      handlers: scanEventHandlers,
      pool: scan,
      connection,
      queuePrefix: prefix,
      log: silentLog,
    });
    try {
      const eventId = randomUUID();
      await queue.add('bracelets.minted', {
        name: 'bracelets.minted',
        eventId,
        occurredAt: new Date().toISOString(),
        braceletIds: ['DROP TABLE'],
      });
      await eventually(async () => ((await queue.getFailedCount()) === 1 ? true : undefined));
      const marks = await scan.query('SELECT 1 FROM processed_events WHERE event_id = $1', [eventId]);
      expect(marks.rowCount).toBe(0);
      expect(await cardExists('DROP TABLE')).toBeUndefined();
    } finally {
      await consumer.close();
      await queue.close();
      connection.disconnect();
    }
  });
});
