import { runService } from '@bracelet/service-kit';
import { buildApp } from './app.js';
import { configSchema } from './config.js';
import { notifierEventHandlers } from './events/handlers.js';

await runService({
  name: 'notifier',
  configSchema,
  buildApp,
  consumes: { consumer: 'notifier', handlers: notifierEventHandlers },
});
