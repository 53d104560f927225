import type { EventOf } from '@bracelet/contracts';
import type { Queryable } from '@bracelet/service-kit';
import { loadAlerts, type RecentAlert, storedAlerts } from '../alerts/alert-budget.js';

/** What an alert says about a scan: the event without its envelope. */
export type FinderScan = Omit<EventOf<'bracelet.scanned'>, 'name' | 'eventId' | 'occurredAt'>;

export type AlertWindow = {
  braceletId: string;
  openedAt: Date;
  closesAt: Date;
  scanCount: number;
  firstScan: FinderScan | null;
  summarized: boolean;
  /** The bracelet's alerts of the last 24 hours (alert-budget.ts). */
  recentAlerts: RecentAlert[];
};

type WindowRow = {
  bracelet_id: string;
  opened_at: Date;
  closes_at: Date;
  scan_count: number;
  first_scan: FinderScan | Record<string, never>;
  summarized: boolean;
  recent_alerts: unknown;
};

const toWindow = (row: WindowRow): AlertWindow => ({
  braceletId: row.bracelet_id,
  openedAt: row.opened_at,
  closesAt: row.closes_at,
  scanCount: row.scan_count,
  firstScan: 'braceletId' in row.first_scan ? (row.first_scan as FinderScan) : null,
  summarized: row.summarized,
  recentAlerts: loadAlerts(row.recent_alerts),
});

/** Each bracelet's current alert window. Methods take the transaction their locks belong to. */
export function createAlertWindowRepository(db: Queryable) {
  return {
    /**
     * The windows of these bracelets, locked until the transaction ends so concurrent recorders
     * (replicas) decide one after the other. A bracelet never alerted gets a closed, empty window.
     */
    async lock(braceletIds: readonly string[]): Promise<Map<string, AlertWindow>> {
      const ids = [...new Set(braceletIds)].sort();
      await db.query(
        `INSERT INTO alert_windows (bracelet_id, opened_at, closes_at, scan_count, first_scan, summarized)
         SELECT id, 'epoch', 'epoch', 0, '{}', true FROM unnest($1::text[]) AS id ORDER BY id
         ON CONFLICT (bracelet_id) DO NOTHING`,
        [ids],
      );
      const { rows } = await db.query<WindowRow>(
        'SELECT * FROM alert_windows WHERE bracelet_id = ANY($1::text[]) ORDER BY bracelet_id FOR UPDATE',
        [ids],
      );
      return new Map(rows.map((row) => [row.bracelet_id, toWindow(row)]));
    },

    async save(windows: readonly AlertWindow[]): Promise<void> {
      if (windows.length === 0) return;
      await db.query(
        `UPDATE alert_windows w SET opened_at = v.opened_at, closes_at = v.closes_at, scan_count = v.scan_count,
           first_scan = v.first_scan, summarized = v.summarized, recent_alerts = v.recent_alerts
         FROM unnest($1::text[], $2::timestamptz[], $3::timestamptz[], $4::int[], $5::jsonb[], $6::bool[], $7::jsonb[])
           AS v (bracelet_id, opened_at, closes_at, scan_count, first_scan, summarized, recent_alerts)
         WHERE w.bracelet_id = v.bracelet_id`,
        [
          windows.map((window) => window.braceletId),
          windows.map((window) => window.openedAt),
          windows.map((window) => window.closesAt),
          windows.map((window) => window.scanCount),
          windows.map((window) => JSON.stringify(window.firstScan ?? {})),
          windows.map((window) => window.summarized),
          windows.map((window) => storedAlerts(window.recentAlerts)),
        ],
      );
    },

    async remove(braceletId: string): Promise<void> {
      await db.query('DELETE FROM alert_windows WHERE bracelet_id = $1', [braceletId]);
    },

    /** Closed windows that held several scans and have not been summarised yet, locked. */
    async lockClosedUnsummarized(now: Date, limit: number): Promise<AlertWindow[]> {
      const { rows } = await db.query<WindowRow>(
        `SELECT * FROM alert_windows WHERE NOT summarized AND scan_count > 1 AND closes_at <= $1
         ORDER BY closes_at LIMIT $2 FOR UPDATE SKIP LOCKED`,
        [now, limit],
      );
      return rows.map(toWindow);
    },
  };
}
