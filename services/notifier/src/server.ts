import { runService } from '@bracelet/service-kit';
import { buildApp } from './app.js';
import { configSchema } from './config.js';
import { createNotifierEventHandlers } from './events/handlers.js';
import { createMailer, type Mailer } from './mail/mailer.js';

let mailer: Mailer | undefined;

await runService({
  name: 'notifier',
  configSchema,
  buildApp,
  consumes: {
    consumer: 'notifier',
    handlers: ({ config }) => {
      mailer = createMailer(config.SMTP_URL, config.MAIL_FROM);
      return createNotifierEventHandlers({ mailer, publicUrl: config.PUBLIC_URL });
    },
  },
  startBackground: () => ({ stop: async () => mailer?.close() }),
});
