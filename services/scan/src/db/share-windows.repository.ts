import type { Queryable } from '@bracelet/service-kit';
import { loadAlerts, storedAlerts } from '../alerts/alert-budget.js';
import type { ShareAddressee, SharedPosition, ShareWindow } from '../alerts/share-grouping.js';

type WindowRow = {
  bracelet_id: string;
  opened_at: Date;
  closes_at: Date;
  pending_count: number;
  first_share: ShareAddressee | Record<string, never>;
  recent_alerts: unknown;
};

const toWindow = (row: WindowRow): ShareWindow => ({
  braceletId: row.bracelet_id,
  openedAt: row.opened_at,
  closesAt: row.closes_at,
  pendingCount: row.pending_count,
  firstShare: 'braceletId' in row.first_share ? (row.first_share as ShareAddressee) : null,
  recentAlerts: loadAlerts(row.recent_alerts),
});

/** Each bracelet's position-share window. Methods take the transaction their locks belong to. */
export function createShareWindowRepository(db: Queryable) {
  return {
    /**
     * The bracelet's window, locked until the transaction ends so two shares (on any replica)
     * decide one after the other. A bracelet that never alerted gets a closed, empty window; an
     * unknown bracelet gets none (undefined).
     */
    async lock(braceletId: string): Promise<ShareWindow | undefined> {
      await db.query(
        `INSERT INTO share_windows (bracelet_id, opened_at, closes_at, pending_count, first_share)
         SELECT bracelet_id, 'epoch', 'epoch', 0, '{}' FROM scan_cards WHERE bracelet_id = $1
         ON CONFLICT (bracelet_id) DO NOTHING`,
        [braceletId],
      );
      const { rows } = await db.query<WindowRow>('SELECT * FROM share_windows WHERE bracelet_id = $1 FOR UPDATE', [braceletId]);
      return rows[0] && toWindow(rows[0]);
    },

    async save(windows: readonly ShareWindow[]): Promise<void> {
      if (windows.length === 0) return;
      await db.query(
        `UPDATE share_windows w SET opened_at = v.opened_at, closes_at = v.closes_at, pending_count = v.pending_count,
           first_share = v.first_share, recent_alerts = v.recent_alerts
         FROM unnest($1::text[], $2::timestamptz[], $3::timestamptz[], $4::int[], $5::jsonb[], $6::jsonb[])
           AS v (bracelet_id, opened_at, closes_at, pending_count, first_share, recent_alerts)
         WHERE w.bracelet_id = v.bracelet_id`,
        [
          windows.map((window) => window.braceletId),
          windows.map((window) => window.openedAt),
          windows.map((window) => window.closesAt),
          windows.map((window) => window.pendingCount),
          windows.map((window) => JSON.stringify(window.firstShare ?? {})),
          windows.map((window) => storedAlerts(window.recentAlerts)),
        ],
      );
    },

    async remove(braceletId: string): Promise<void> {
      await db.query('DELETE FROM share_windows WHERE bracelet_id = $1', [braceletId]);
    },

    /** Closed windows that still owe a follow-up, locked; windows another replica holds are skipped. */
    async lockClosedWithPending(now: Date, limit: number): Promise<ShareWindow[]> {
      const { rows } = await db.query<WindowRow>(
        `SELECT * FROM share_windows WHERE pending_count > 0 AND closes_at <= $1
         ORDER BY closes_at LIMIT $2 FOR UPDATE SKIP LOCKED`,
        [now, limit],
      );
      return rows.map(toWindow);
    },

    /** The positions of these bracelets still waiting for a follow-up, marked as sent in it. */
    async takePending(braceletIds: readonly string[]): Promise<Map<string, SharedPosition[]>> {
      const pending = new Map<string, SharedPosition[]>();
      if (braceletIds.length === 0) return pending;
      const { rows } = await db.query<{ bracelet_id: string; lat: number; lon: number; shared_at: Date }>(
        `UPDATE location_shares SET delivery = 'follow_up' WHERE bracelet_id = ANY($1::text[]) AND delivery = 'pending'
         RETURNING bracelet_id, lat, lon, shared_at`,
        [braceletIds],
      );
      for (const row of rows) {
        const positions = pending.get(row.bracelet_id) ?? [];
        positions.push({ lat: row.lat, lon: row.lon, sharedAt: row.shared_at });
        pending.set(row.bracelet_id, positions);
      }
      return pending;
    },
  };
}
