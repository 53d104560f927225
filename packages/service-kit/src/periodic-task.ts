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
