import { randomUUID } from 'node:crypto';
import { type Pool, withTransaction, writeEvents } from '@bracelet/service-kit';
import type { AlertBudget } from '../alerts/alert-budget.js';
import { groupScans } from '../alerts/alert-grouping.js';
import { createAlertWindowRepository, type FinderScan } from '../db/alert-windows.repository.js';
import { createFinderActivityRepository } from '../db/finder-activity.repository.js';

export type ScanToRecord = Omit<FinderScan, 'scanId'>;

type Waiting = { scan: ScanToRecord; sender: string; resolve(alerted: boolean): void; reject(error: unknown): void };

/**
 * Records finders' scans with group commit: a scan is answered only once it is durably logged
 * (with its alert, when it opens a window), but the scans that arrive while one commit is under
 * way share the next commit (one transaction, one insert per table, one WAL flush) instead of
 * queueing for a connection and a flush each. A lone scan is committed at once; nothing waits on
 * a timer.
 */
export function createScanRecorder(
  db: Pool,
  {
    windowSeconds = 300,
    maxBatch = 200,
    budget = { perDay: 12, perSenderPerDay: 3 },
  }: { windowSeconds?: number; maxBatch?: number; budget?: AlertBudget } = {},
) {
  let waiting: Waiting[] = [];
  let committing = false;

  async function commit(batch: Waiting[]): Promise<boolean[]> {
    const scans: FinderScan[] = batch.map(({ scan }) => ({ scanId: randomUUID(), ...scan }));
    return withTransaction(db, async (tx) => {
      const windowsRepository = createAlertWindowRepository(tx);
      const windows = await windowsRepository.lock(scans.map((scan) => scan.braceletId));
      const sent = scans.map((scan, index) => ({ scan, sender: (batch[index] as Waiting).sender }));
      const { events, changed, alerted } = groupScans(windows, sent, new Date(), windowSeconds * 1000, budget);
      await windowsRepository.save(changed);
      await createFinderActivityRepository(tx).logScans(scans.map((scan) => ({ id: scan.scanId, braceletId: scan.braceletId })));
      await writeEvents(tx, 'scan', events);
      return alerted;
    });
  }

  async function drain(): Promise<void> {
    committing = true;
    while (waiting.length > 0) {
      const batch = waiting.slice(0, maxBatch);
      waiting = waiting.slice(batch.length);
      try {
        const alerted = await commit(batch);
        for (const [index, entry] of batch.entries()) entry.resolve(alerted[index] ?? false);
      } catch (error) {
        for (const entry of batch) entry.reject(error);
      }
    }
    committing = false;
  }

  return {
    /**
     * Resolves once the scan (and the alert it opens, if any) is committed: true if its family
     * was alerted (now or when its window opened), false past the day's alert budget.
     */
    record(scan: ScanToRecord, sender: string): Promise<boolean> {
      return new Promise<boolean>((resolve, reject) => {
        waiting.push({ scan, sender, resolve, reject });
        if (!committing) void drain();
      });
    },
  };
}
export type ScanRecorder = ReturnType<typeof createScanRecorder>;
