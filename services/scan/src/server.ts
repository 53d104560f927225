import { runService } from '@bracelet/service-kit';
import { buildApp } from './app.js';
import { configSchema } from './config.js';
import { scanEventHandlers } from './events/handlers.js';
import { startLocationRetention } from './location-retention.js';

await runService({
  name: 'scan',
  configSchema,
  buildApp,
  emitsEvents: true,
  consumes: { consumer: 'scan', handlers: scanEventHandlers },
  startBackground: ({ db, log, config }) => startLocationRetention(db, log, config.LOCATION_RETENTION_DAYS),
});
