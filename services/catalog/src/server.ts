import { runService } from '@bracelet/service-kit';
import { buildApp } from './app.js';
import { configSchema } from './config.js';
import { startVisitRetention } from './use-cases/purge-old-visits.js';

// Catalog announces its products (product.updated) and consumes nothing.
await runService({
  name: 'catalog',
  configSchema,
  buildApp,
  emitsEvents: true,
  startBackground: ({ db, log, config }) => startVisitRetention(db, log, config.VISIT_RETENTION_MONTHS),
});
