import type { Queryable } from '@bracelet/service-kit';

export type ScanHistoryEntry = { scannedAt: Date; position: { lat: number; lon: number; sharedAt: Date } | null };

/** What finders did with a bracelet: scans, and positions shared. */
export function createFinderActivityRepository(db: Queryable) {
  return {
    async recordLocation(share: { braceletId: string; lat: number; lon: number }, tx: Queryable = db): Promise<string> {
      const id = globalThis.crypto.randomUUID();
      await tx.query('INSERT INTO location_shares (id, bracelet_id, lat, lon) VALUES ($1, $2, $3, $4)', [
        id,
        share.braceletId,
        share.lat,
        share.lon,
      ]);
      return id;
    },

    /**
     * The bracelet's scans, newest first, each with the first position shared after it (before
     * the next scan, within an hour), if any.
     */
    async listScans(braceletId: string, limit = 100, tx: Queryable = db): Promise<ScanHistoryEntry[]> {
      const { rows } = await tx.query<{ scanned_at: Date; lat: number | null; lon: number | null; shared_at: Date | null }>(
        `SELECT s.scanned_at, l.lat, l.lon, l.shared_at
         FROM scan_log s
         LEFT JOIN LATERAL (
           SELECT lat, lon, shared_at FROM location_shares l
           WHERE l.bracelet_id = s.bracelet_id AND l.shared_at >= s.scanned_at
             AND l.shared_at < LEAST(
               s.scanned_at + interval '1 hour',
               COALESCE((SELECT min(n.scanned_at) FROM scan_log n WHERE n.bracelet_id = s.bracelet_id AND n.scanned_at > s.scanned_at), 'infinity'))
           ORDER BY l.shared_at LIMIT 1
         ) l ON true
         WHERE s.bracelet_id = $1
         ORDER BY s.scanned_at DESC
         LIMIT $2`,
        [braceletId, limit],
      );
      return rows.map((row) => ({
        scannedAt: row.scanned_at,
        position: row.lat !== null && row.lon !== null && row.shared_at ? { lat: row.lat, lon: row.lon, sharedAt: row.shared_at } : null,
      }));
    },

    /** Positions are kept 30 days, then deleted. */
    async deleteLocationsOlderThan(days: number, tx: Queryable = db): Promise<number> {
      const { rowCount } = await tx.query('DELETE FROM location_shares WHERE shared_at < now() - make_interval(days => $1)', [days]);
      return rowCount ?? 0;
    },
  };
}
