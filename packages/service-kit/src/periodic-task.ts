import type { Logger } from './logger.js';
import type { BackgroundTask } from './run-service.js';

/**
 * Runs `work` every `intervalMs` (and at once with `runAtStart`), one run at a time; a failed run
 * is logged and the next one tries again. Stopping waits for the run under way.
 */
export function startPeriodicTask(
  { name, intervalMs, runAtStart = false }: { name: string; intervalMs: number; runAtStart?: boolean },
  work: () => Promise<unknown>,
  log: Logger,
): BackgroundTask {
  let running: Promise<unknown> = Promise.resolve();
  let busy = false;
  const run = () => {
    if (busy) return;
    busy = true;
    running = work()
      .catch((error) => log.warn({ err: error, task: name }, `${name} failed; it will run again`))
      .finally(() => {
        busy = false;
      });
  };
  if (runAtStart) run();
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}

/** Rows a purge deletes per statement: small enough to stay far below the statement deadline. */
export const PURGE_BATCH = 5000;

/**
 * Runs `deleteBatch` until a batch comes back short, and answers the total deleted: a purge of
 * any backlog in statements that each finish well within the deadline.
 */
export async function deleteInBatches(deleteBatch: (batch: number) => Promise<number>, batch = PURGE_BATCH): Promise<number> {
  let total = 0;
  for (;;) {
    const deleted = await deleteBatch(batch);
    total += deleted;
    if (deleted < batch) return total;
  }
}
