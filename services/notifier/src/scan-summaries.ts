import { createHash } from 'node:crypto';
import type { EventOf } from '@bracelet/contracts';
import { createProducerConnection, createWorkerConnection, type Logger, type Pool } from '@bracelet/service-kit';
import { Queue, Worker } from 'bullmq';
import type { Mailer } from './mail/mailer.js';
import { sendMailOnce } from './mail/send-once.js';
import { scanSummaryMail } from './templates/finder-messages.js';

const QUEUE = 'notifier-scan-summaries';

export type WindowOpened = { event: EventOf<'bracelet.scanned'>; windowStartedAt: Date };

/** A stable message id for a window's summary, so it is sent at most once. */
function summaryMessageId(jobId: string): string {
  const hex = createHash('sha256').update(`scan-summary:${jobId}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * When a scan opens an alert window, a summary is scheduled for the window's end: if more scans
 * came in the meantime, the parent gets one e-mail saying how many.
 */
export function createScanSummaries(options: {
  redisUrl: string;
  queuePrefix: string;
  db: Pool;
  mailer: Mailer;
  windowSeconds: number;
  publicUrl: string;
  log: Logger;
}) {
  const { db, mailer, windowSeconds, publicUrl, log } = options;
  const producer = createProducerConnection(options.redisUrl);
  const consumer = createWorkerConnection(options.redisUrl);
  producer.on('error', () => undefined);
  consumer.on('error', () => undefined);
  const queue = new Queue(QUEUE, { connection: producer, prefix: options.queuePrefix });
  const worker = new Worker<WindowOpened & { windowStartedAt: string }>(
    QUEUE,
    async (job) => {
      const { event, windowStartedAt } = job.data;
      const { rows } = await db.query<{ scan_count: number; window_started_at: Date }>(
        'SELECT scan_count, window_started_at FROM scan_alert_windows WHERE bracelet_id = $1',
        [event.braceletId],
      );
      const window = rows[0];
      if (!window || window.window_started_at.getTime() !== Date.parse(windowStartedAt) || window.scan_count <= 1) return;
      await sendMailOnce(db, mailer, {
        eventId: summaryMessageId(job.id ?? ''),
        template: 'scan-summary',
        mail: scanSummaryMail(event, window.scan_count, publicUrl),
      });
    },
    { connection: consumer, prefix: options.queuePrefix, concurrency: 4 },
  );
  worker.on('failed', (job, error) => log.warn({ err: error, job: job?.id }, 'scan summary failed'));

  return {
    async schedule({ event, windowStartedAt }: WindowOpened): Promise<void> {
      const jobId = `${event.braceletId}-${windowStartedAt.getTime()}`;
      await queue.add(
        'summary',
        { event, windowStartedAt: windowStartedAt.toISOString() },
        {
          jobId,
          delay: windowSeconds * 1000 + 500,
          attempts: 8,
          backoff: { type: 'exponential', delay: 1000 },
          removeOnComplete: { age: 24 * 3600 },
          removeOnFail: { age: 14 * 24 * 3600 },
        },
      );
    },
    async close() {
      await worker.close();
      await queue.close();
      producer.disconnect();
      consumer.disconnect();
    },
  };
}
export type ScanSummaries = ReturnType<typeof createScanSummaries>;
