import type { Queryable } from '@bracelet/service-kit';

export function createScanAlertWindowRepository(db: Queryable) {
  return {
    /**
     * Counts a scan of the bracelet. Returns true when it opens a new window (it deserves an
     * alert), false when it falls in the current one (only counted). The row stays locked until
     * the caller's transaction ends, so concurrent scans of one bracelet are decided one by one.
     */
    async countScan(
      braceletId: string,
      scannedAt: Date,
      windowSeconds: number,
      tx: Queryable = db,
    ): Promise<{ opensWindow: boolean; count: number; windowStartedAt: Date }> {
      const { rows } = await tx.query<{ scan_count: number; window_started_at: Date }>(
        `INSERT INTO scan_alert_windows (bracelet_id, window_started_at, last_scan_at, scan_count)
         VALUES ($1, $2, $2, 1)
         ON CONFLICT (bracelet_id) DO UPDATE SET
           scan_count = CASE WHEN scan_alert_windows.window_started_at <= $2 - make_interval(secs => $3) THEN 1 ELSE scan_alert_windows.scan_count + 1 END,
           window_started_at = CASE WHEN scan_alert_windows.window_started_at <= $2 - make_interval(secs => $3) THEN $2 ELSE scan_alert_windows.window_started_at END,
           last_scan_at = GREATEST(scan_alert_windows.last_scan_at, $2)
         RETURNING scan_count, window_started_at`,
        [braceletId, scannedAt, windowSeconds],
      );
      const count = rows[0]?.scan_count ?? 1;
      return { opensWindow: count === 1, count, windowStartedAt: rows[0]?.window_started_at ?? scannedAt };
    },
  };
}
