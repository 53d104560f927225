import type { Queryable } from '@bracelet/service-kit';

/** What finders did with a bracelet: scans, and positions shared. */
export function createFinderActivityRepository(db: Queryable) {
  return {
    async recordScan(braceletId: string, tx: Queryable = db): Promise<string> {
      const id = globalThis.crypto.randomUUID();
      await tx.query('INSERT INTO scan_log (id, bracelet_id) VALUES ($1, $2)', [id, braceletId]);
      return id;
    },

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

    /** Positions are kept 30 days, then deleted. */
    async deleteLocationsOlderThan(days: number, tx: Queryable = db): Promise<number> {
      const { rowCount } = await tx.query('DELETE FROM location_shares WHERE shared_at < now() - make_interval(days => $1)', [days]);
      return rowCount ?? 0;
    },
  };
}
