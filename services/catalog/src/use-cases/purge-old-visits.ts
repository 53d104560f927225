import { type BackgroundTask, deleteInBatches, type Logger, type Pool, startPeriodicTask } from '@bracelet/service-kit';
import { createTrackingRepository } from '../db/tracking.repository.js';

/**
 * Deletes visits older than the retention, at start and then every day; when several catalog
 * replicas run it at once, one deletes and the others find its lock taken (ADR 015).
 */
export function startVisitRetention(db: Pool, log: Logger, months: number): BackgroundTask {
  return startPeriodicTask(
    { name: 'old visits purge', intervalMs: 24 * 3600_000, runAtStart: true },
    async () => {
      const deleted = await deleteInBatches((batch) => createTrackingRepository(db).deleteVisitsOlderThan(months, batch));
      if (deleted > 0) log.info({ deleted }, 'old visits deleted');
    },
    log,
  );
}
