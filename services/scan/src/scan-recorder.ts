import { randomUUID } from 'node:crypto';
import { createEvent, type EventOf } from '@bracelet/contracts';
import { type Pool, withTransaction, writeEvents } from '@bracelet/service-kit';

export type FinderScan = Omit<EventOf<'bracelet.scanned'>, 'name' | 'eventId' | 'occurredAt' | 'scanId'>;

type Waiting = { scan: FinderScan; resolve(): void; reject(error: unknown): void };

/**
 * Records finders' scans with group commit: a scan is answered only once it is durably logged
 * with its alert event, but the scans that arrive while one commit is under way share the next
 * commit (one transaction, one insert per table, one WAL flush) instead of queueing for a
 * connection and a flush each. A lone scan is committed at once; nothing waits on a timer.
 */
export function createScanRecorder(db: Pool, { maxBatch = 200 }: { maxBatch?: number } = {}) {
  let waiting: Waiting[] = [];
  let committing = false;

  async function commit(batch: Waiting[]): Promise<void> {
    const scans = batch.map(({ scan }) => ({ scanId: randomUUID(), ...scan }));
    await withTransaction(db, async (tx) => {
      await tx.query('INSERT INTO scan_log (id, bracelet_id) SELECT * FROM unnest($1::uuid[], $2::text[])', [
        scans.map((scan) => scan.scanId),
        scans.map((scan) => scan.braceletId),
      ]);
      await writeEvents(
        tx,
        'scan',
        scans.map((scan) => createEvent('bracelet.scanned', scan)),
      );
    });
  }

  async function drain(): Promise<void> {
    committing = true;
    while (waiting.length > 0) {
      const batch = waiting.slice(0, maxBatch);
      waiting = waiting.slice(batch.length);
      try {
        await commit(batch);
        for (const entry of batch) entry.resolve();
      } catch (error) {
        for (const entry of batch) entry.reject(error);
      }
    }
    committing = false;
  }

  return {
    /** Resolves once the scan and its bracelet.scanned event are committed. */
    record(scan: FinderScan): Promise<void> {
      return new Promise<void>((resolve, reject) => {
        waiting.push({ scan, resolve, reject });
        if (!committing) void drain();
      });
    },
  };
}
export type ScanRecorder = ReturnType<typeof createScanRecorder>;
