import { sellerOf } from '@bracelet/invoice';
import { runService } from '@bracelet/service-kit';
import { buildApp } from './app.js';
import { configSchema } from './config.js';
import { createNotifierEventHandlers } from './events/handlers.js';
import { createMailer, type Mailer } from './mail/mailer.js';
import { createSmsProvider } from './sms/index.js';

let mailer: Mailer | undefined;

await runService({
  name: 'notifier',
  configSchema,
  buildApp,
  consumes: {
    consumer: 'notifier',
    // Sending is I/O: more jobs in flight keep alerts quick under a burst of scans.
    concurrency: 12,
    handlers: ({ config }) => {
      mailer = createMailer(config.SMTP_URL, config.MAIL_FROM, config.SMTP_MAX_CONNECTIONS);
      return createNotifierEventHandlers({
        mailer,
        sms: createSmsProvider(config),
        publicUrl: config.PUBLIC_URL,
        seller: sellerOf(config),
        claimLeaseSeconds: config.NOTIFIER_CLAIM_LEASE_SECONDS,
      });
    },
  },
  startBackground: () => ({
    stop: async () => mailer?.close(),
  }),
});
