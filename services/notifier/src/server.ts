import { runService } from '@bracelet/service-kit';
import { buildApp } from './app.js';
import { configSchema } from './config.js';
import { createNotifierEventHandlers } from './events/handlers.js';
import { createMailer, type Mailer } from './mail/mailer.js';
import { createScanSummaries, type ScanSummaries } from './scan-summaries.js';
import { createSmsProvider } from './sms/index.js';

let mailer: Mailer | undefined;
let summaries: ScanSummaries | undefined;

await runService({
  name: 'notifier',
  configSchema,
  buildApp,
  consumes: {
    consumer: 'notifier',
    // Sending is I/O: more jobs in flight keep alerts quick under a burst of scans.
    concurrency: 12,
    handlers: ({ config, db, log }) => {
      mailer = createMailer(config.SMTP_URL, config.MAIL_FROM);
      summaries = createScanSummaries({
        redisUrl: config.REDIS_URL,
        queuePrefix: config.QUEUE_PREFIX,
        db,
        mailer,
        windowSeconds: config.SCAN_ALERT_WINDOW_SECONDS,
        publicUrl: config.PUBLIC_URL,
        log,
      });
      return createNotifierEventHandlers({
        mailer,
        summaries,
        sms: createSmsProvider(config),
        publicUrl: config.PUBLIC_URL,
        scanAlertWindowSeconds: config.SCAN_ALERT_WINDOW_SECONDS,
      });
    },
  },
  startBackground: () => ({
    stop: async () => {
      await summaries?.close();
      mailer?.close();
    },
  }),
});
