import type { BackgroundTask, Logger, Pool } from '@bracelet/service-kit';
import { createFinderActivityRepository } from '../db/finder-activity.repository.js';

const HOUR = 3600_000;

/**
 * Deletes shared positions older than the retention, at start and then every hour. Idempotent,
 * so several scan replicas running it is harmless.
 */
export function startLocationRetention(db: Pool, log: Logger, retentionDays: number): BackgroundTask {
  const purge = async () => {
    try {
      const deleted = await createFinderActivityRepository(db).deleteLocationsOlderThan(retentionDays);
      if (deleted > 0) log.info({ deleted }, 'old shared positions deleted');
    } catch (error) {
      log.warn({ err: error }, 'could not delete old shared positions');
    }
  };
  void purge();
  const timer = setInterval(() => void purge(), HOUR);
  timer.unref();
  return { stop: async () => clearInterval(timer) };
}
