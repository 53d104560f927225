import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createEvent, queueNameFor } from '@bracelet/contracts';
import { freePort, startMailCatcher } from '@bracelet/devstack';
import { createNotifierEventHandlers } from '@bracelet/notifier/events';
import { createMailer } from '@bracelet/notifier/mailer';
import { createLogSmsProvider } from '@bracelet/notifier/sms';
import { createEventConsumer, createWorkerConnection } from '@bracelet/service-kit';
import { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, servicePool, silentLog, startOwnRedis } from './helpers.js';

const db = servicePool('notifier');
let redis: Awaited<ReturnType<typeof startOwnRedis>>;
let catcher: Awaited<ReturnType<typeof startMailCatcher>>;
beforeAll(async () => {
  redis = await startOwnRedis();
  catcher = await startMailCatcher({ dir: mkdtempSync(join(tmpdir(), 'restart-mail-')), port: await freePort() });
});
afterAll(async () => {
  await redis.stop();
  await catcher.stop();
  await db.end();
});

describe('notifier across a Redis restart', () => {
  // location.shared is not grouped: only the consumer's idempotency keeps its messages single.
  it('sends the position once when its event is delivered again after Redis restarted', async () => {
    const prefix = `restart-${globalThis.crypto.randomUUID().slice(0, 8)}`;
    const smsDir = mkdtempSync(join(tmpdir(), 'restart-sms-'));
    const mailer = createMailer(catcher.url, 'x@example.com');
    const handlers = createNotifierEventHandlers({
      mailer,
      sms: createLogSmsProvider(smsDir),
      publicUrl: 'http://shop.test',
    });
    const connection = createWorkerConnection(redis.url);
    connection.on('error', () => undefined);
    const consumer = createEventConsumer({ consumer: 'notifier', handlers, pool: db, connection, queuePrefix: prefix, log: silentLog });
    const publish = async (jobId: string, event: object) => {
      const producer = createWorkerConnection(redis.url);
      const queue = new Queue(queueNameFor('notifier'), { connection: producer, prefix });
      await queue.add('location.shared', event, { jobId });
      await queue.close();
      producer.disconnect();
    };
    try {
      const event = createEvent('location.shared', {
        shareId: globalThis.crypto.randomUUID(),
        braceletId: '0000000000000000rst1',
        childFirstName: 'Léa',
        parent: { id: globalThis.crypto.randomUUID(), email: 'restart@example.com', firstName: 'Camille' },
        emergencyContactPhone: '+33688888888',
        lat: 48.85,
        lon: 2.35,
      });
      await publish(event.eventId, event);
      await eventually(async () => (readdirSync(catcher.dir).length === 1 ? true : undefined));

      await redis.stop();
      await redis.restart();
      // The relay publishes the event again (its row was not yet marked when Redis went away).
      await publish(`${event.eventId}-again`, event);
      const watcher = createWorkerConnection(redis.url);
      const queue = new Queue(queueNameFor('notifier'), { connection: watcher, prefix });
      await eventually(
        async () =>
          (await queue.getCompletedCount()) >= 1 && (await queue.getJobState(`${event.eventId}-again`)) === 'completed' ? true : undefined,
        20_000,
      );
      await queue.close();
      watcher.disconnect();
      expect(readdirSync(catcher.dir)).toHaveLength(1);
      expect(readdirSync(smsDir)).toHaveLength(1);
    } finally {
      await consumer.close();
      connection.disconnect();
      mailer.close();
    }
  });
});
