import type { Queryable } from '@bracelet/service-kit';
import type { Delivery } from '../alerts/share-grouping.js';

export type SharedPositionEntry = { lat: number; lon: number; sharedAt: Date; delivery: Delivery };

/** What finders did with a bracelet: scans, and positions shared. */
export function createFinderActivityRepository(db: Queryable) {
  return {
    /** Finders' scans, in one statement (record-scan.ts commits them in groups). */
    async logScans(scans: ReadonlyArray<{ id: string; braceletId: string }>): Promise<void> {
      await db.query('INSERT INTO scan_log (id, bracelet_id) SELECT * FROM unnest($1::uuid[], $2::text[])', [
        scans.map((scan) => scan.id),
        scans.map((scan) => scan.braceletId),
      ]);
    },

    async recordLocation(share: { braceletId: string; lat: number; lon: number; delivery?: Delivery }): Promise<string> {
      const id = globalThis.crypto.randomUUID();
      await db.query('INSERT INTO location_shares (id, bracelet_id, lat, lon, delivery) VALUES ($1, $2, $3, $4, $5)', [
        id,
        share.braceletId,
        share.lat,
        share.lon,
        share.delivery ?? 'alert',
      ]);
      return id;
    },

    /** The bracelet's latest scans, newest first, and how many it has in all. */
    async listScans(braceletId: string, since: Date, limit = 1000): Promise<{ scans: Date[]; total: number }> {
      const { rows } = await db.query<{ scanned_at: Date; total: number }>(
        `SELECT scanned_at, count(*) OVER ()::int AS total FROM scan_log WHERE bracelet_id = $1 AND scanned_at >= $3
         ORDER BY scanned_at DESC LIMIT $2`,
        [braceletId, limit, since],
      );
      return { scans: rows.map((row) => row.scanned_at), total: rows[0]?.total ?? 0 };
    },

    /** Every position shared for the bracelet (the latest `limit`), newest first, and how many in all. */
    async listPositions(braceletId: string, since: Date, limit = 1000): Promise<{ positions: SharedPositionEntry[]; total: number }> {
      const { rows } = await db.query<{ lat: number; lon: number; shared_at: Date; delivery: Delivery; total: number }>(
        `SELECT lat, lon, shared_at, delivery, count(*) OVER ()::int AS total FROM location_shares
         WHERE bracelet_id = $1 AND shared_at >= $3
         ORDER BY shared_at DESC LIMIT $2`,
        [braceletId, limit, since],
      );
      return {
        positions: rows.map((row) => ({ lat: row.lat, lon: row.lon, sharedAt: row.shared_at, delivery: row.delivery })),
        total: rows[0]?.total ?? 0,
      };
    },

    /** Positions are kept 30 days, then deleted. */
    /**
     * Deletes up to `batch` positions past the retention (small statements, each well within the
     * statement deadline, whatever the backlog). One replica at a time: the others' statements
     * find the lock taken and delete nothing.
     */
    async deleteLocationsOlderThan(days: number, batch: number): Promise<number> {
      const { rowCount } = await db.query(
        `WITH purge_lock AS (SELECT pg_try_advisory_xact_lock(hashtext('scan.location_shares purge')) AS held)
         DELETE FROM location_shares
         WHERE id IN (SELECT id FROM location_shares WHERE shared_at < now() - make_interval(days => $1) ORDER BY shared_at LIMIT $2)
           AND (SELECT held FROM purge_lock)`,
        [days, batch],
      );
      return rowCount ?? 0;
    },
  };
}
