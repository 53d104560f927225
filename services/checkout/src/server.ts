import { runService } from '@bracelet/service-kit';
import { buildApp } from './app.js';
import { configSchema } from './config.js';
import { checkoutEventHandlers } from './events/handlers.js';

await runService({
  name: 'checkout',
  configSchema,
  buildApp,
  emitsEvents: true,
  consumes: { consumer: 'checkout', handlers: checkoutEventHandlers },
});
