import { runService } from '@bracelet/service-kit';
import { buildApp } from './app.js';
import { configSchema } from './config.js';
import { fulfilmentEventHandlers } from './events/handlers.js';

await runService({
  name: 'fulfilment',
  configSchema,
  buildApp,
  emitsEvents: true,
  consumes: { consumer: 'fulfilment', handlers: fulfilmentEventHandlers },
});
