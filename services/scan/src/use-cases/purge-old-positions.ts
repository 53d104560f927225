import { type BackgroundTask, deleteInBatches, type Logger, type Pool, startPeriodicTask } from '@bracelet/service-kit';
import { createFinderActivityRepository } from '../db/finder-activity.repository.js';

const HOUR = 3600_000;

/**
 * Deletes shared positions older than the retention, at start and then every hour; when several
 * scan replicas run it at once, one deletes and the others find its lock taken (ADR 015).
 */
export function startLocationRetention(db: Pool, log: Logger, retentionDays: number): BackgroundTask {
  return startPeriodicTask(
    { name: 'old positions purge', intervalMs: HOUR, runAtStart: true },
    async () => {
      const deleted = await deleteInBatches((batch) => createFinderActivityRepository(db).deleteLocationsOlderThan(retentionDays, batch));
      if (deleted > 0) log.info({ deleted }, 'old shared positions deleted');
    },
    log,
  );
}
