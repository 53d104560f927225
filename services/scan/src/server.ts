import { runService } from '@bracelet/service-kit';
import { buildApp } from './app.js';
import { configSchema } from './config.js';
import { scanEventHandlers } from './events/handlers.js';
import { startLocationRetention } from './use-cases/purge-old-positions.js';
import { startWindowSummaries } from './use-cases/summarize-alert-windows.js';
import { startShareWindowSummaries } from './use-cases/summarize-share-windows.js';

await runService({
  name: 'scan',
  configSchema,
  buildApp,
  emitsEvents: true,
  consumes: { consumer: 'scan', handlers: scanEventHandlers },
  startBackground: ({ db, log, config }) => {
    const tasks = [
      startLocationRetention(db, log, config.LOCATION_RETENTION_DAYS),
      startWindowSummaries(db, log),
      startShareWindowSummaries(db, log),
    ];
    return { stop: async () => void (await Promise.all(tasks.map((task) => task.stop()))) };
  },
});
