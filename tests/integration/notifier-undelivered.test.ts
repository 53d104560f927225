import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createEvent, queueNameFor } from '@bracelet/contracts';
import { createNotifierEventHandlers } from '@bracelet/notifier/events';
import { createLogSmsProvider } from '@bracelet/notifier/sms';
import { createEventConsumer, createWorkerConnection } from '@bracelet/service-kit';
import { Queue } from 'bullmq';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { eventually, servicePool, silentLog } from './helpers.js';

const db = servicePool('notifier');
afterAll(() => db.end());

describe('a message refused on every try', () => {
  it('ends as undelivered after the queue’s last attempt, and the job completes instead of failing', async () => {
    const prefix = `undelivered-${globalThis.crypto.randomUUID().slice(0, 8)}`;
    const { redisUrl } = inject('integration');
    let tries = 0;
    const handlers = createNotifierEventHandlers({
      mailer: {
        send: async () => {
          tries += 1;
          throw new Error('421 4.4.2 Service non disponible');
        },
        close: () => {},
      },
      sms: createLogSmsProvider(mkdtempSync(join(tmpdir(), 'undelivered-sms-'))),
      publicUrl: 'http://shop.test',
    });
    const connection = createWorkerConnection(redisUrl);
    const consumer = createEventConsumer({ consumer: 'notifier', handlers, pool: db, connection, queuePrefix: prefix, log: silentLog });
    const producer = createWorkerConnection(redisUrl);
    const queue = new Queue(queueNameFor('notifier'), { connection: producer, prefix });
    try {
      const email = `refuse-${prefix}@example.com`;
      const event = createEvent('parent.registered', { parent: { id: globalThis.crypto.randomUUID(), email, firstName: 'Camille' } });
      await queue.add(event.name, event, { jobId: event.eventId, attempts: 3, backoff: { type: 'fixed', delay: 100 } });
      await eventually(async () => ((await queue.getJobState(event.eventId)) === 'completed' ? true : undefined), 20_000);
      expect(tries).toBe(3);
      const { rows } = await db.query<{ status: string; attempts: number; last_error: string }>(
        'SELECT status, attempts, last_error FROM outbound_messages WHERE event_id = $1',
        [event.eventId],
      );
      expect(rows).toEqual([{ status: 'undelivered', attempts: 3, last_error: '421 4.4.2 Service non disponible' }]);
      expect(await queue.getFailedCount()).toBe(0);
    } finally {
      await consumer.close();
      await queue.close();
      connection.disconnect();
      producer.disconnect();
    }
  });
});
