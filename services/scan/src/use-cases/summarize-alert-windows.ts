import {
  type BackgroundTask,
  type Logger,
  type Pool,
  type Queryable,
  startPeriodicTask,
  withTransaction,
  writeEvents,
} from '@bracelet/service-kit';
import { summaryOf } from '../alerts/alert-grouping.js';
import { createAlertWindowRepository } from '../db/alert-windows.repository.js';

/**
 * Summarises alert windows that closed with several scans: one bracelet.scans_grouped each, in
 * the transaction that marks them summarised. Replicas share the work (SKIP LOCKED).
 */
export async function summarizeClosedWindows(db: Pool, now = new Date()): Promise<number> {
  return withTransaction(db, async (tx) => {
    const windows = createAlertWindowRepository(tx);
    const closed = await windows.lockClosedUnsummarized(now, 100);
    const summaries = closed.map(summaryOf).filter((event) => event !== undefined);
    await writeEvents(tx, 'scan', summaries);
    await windows.save(closed.map((window) => ({ ...window, summarized: true })));
    return summaries.length;
  });
}

/**
 * Ends a bracelet's window at once, summarised if it held several scans: when the bracelet is
 * reset or linked anew, the next finder's scan must alert its new family, not be counted into
 * the previous one's window.
 */
export async function endWindow(tx: Queryable, braceletId: string): Promise<void> {
  const windows = createAlertWindowRepository(tx);
  const window = (await windows.lock([braceletId])).get(braceletId);
  const summary = window && summaryOf(window);
  if (summary) await writeEvents(tx, 'scan', [summary]);
  await windows.remove(braceletId);
}

/** Looks for closed windows every few seconds: a summary follows its window's end closely. */
export function startWindowSummaries(db: Pool, log: Logger, intervalMs = 2000): BackgroundTask {
  return startPeriodicTask({ name: 'alert window summaries', intervalMs }, () => summarizeClosedWindows(db), log);
}
