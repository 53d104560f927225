import {
  type BackgroundTask,
  type Logger,
  type Pool,
  type Queryable,
  startPeriodicTask,
  withTransaction,
  writeEvents,
} from '@bracelet/service-kit';
import { followUpOf } from '../alerts/share-grouping.js';
import { createShareWindowRepository } from '../db/share-windows.repository.js';

/**
 * Sends what closed share windows still owe: one location.shares_grouped each with the positions
 * shared after the alerted one, in the transaction that marks them sent. Replicas share the work
 * (SKIP LOCKED).
 */
export async function summarizeClosedShareWindows(db: Pool, now = new Date()): Promise<number> {
  return withTransaction(db, async (tx) => {
    const windows = createShareWindowRepository(tx);
    const closed = await windows.lockClosedWithPending(now, 100);
    const pending = await windows.takePending(closed.map((window) => window.braceletId));
    const followUps = closed
      .map((window) => followUpOf(window, pending.get(window.braceletId) ?? []))
      .filter((event) => event !== undefined);
    await writeEvents(tx, 'scan', followUps);
    await windows.save(closed.map((window) => ({ ...window, pendingCount: 0 })));
    return followUps.length;
  });
}

/**
 * Ends a bracelet's share window at once, with its follow-up if it owes one, and forgets its
 * alerts of the day: when the bracelet is reset or linked anew, the previous family gets its
 * positions now and the new family never does, and the new family's first share alerts them.
 */
export async function endShareWindow(tx: Queryable, braceletId: string): Promise<void> {
  const windows = createShareWindowRepository(tx);
  const window = await windows.lock(braceletId);
  if (!window) return;
  if (window.pendingCount > 0) {
    const followUp = followUpOf(window, (await windows.takePending([braceletId])).get(braceletId) ?? []);
    if (followUp) await writeEvents(tx, 'scan', [followUp]);
  }
  await windows.remove(braceletId);
}

/** Looks for closed share windows every few seconds: a follow-up comes soon after its window's end. */
export function startShareWindowSummaries(db: Pool, log: Logger, intervalMs = 2000): BackgroundTask {
  return startPeriodicTask({ name: 'position follow-ups', intervalMs }, () => summarizeClosedShareWindows(db), log);
}
