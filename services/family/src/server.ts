import { runService } from '@bracelet/service-kit';
import { buildApp } from './app.js';
import { configSchema } from './config.js';
import { familyEventHandlers } from './events/handlers.js';

await runService({
  name: 'family',
  configSchema,
  buildApp,
  emitsEvents: true,
  consumes: { consumer: 'family', handlers: familyEventHandlers },
});
