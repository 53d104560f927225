import { braceletIdSchema, errorResponseSchema, openStreetMapLink, scanHistoryResponseSchema } from '@bracelet/contracts';
import { type HttpServer, identitySecretsOf, notFound, requireIdentity } from '@bracelet/service-kit';
import { z } from 'zod';
import { createFinderActivityRepository } from '../../db/finder-activity.repository.js';
import { createScanCardRepository } from '../../db/scan-cards.repository.js';
import type { ScanDeps } from '../../use-cases/deps.js';

/** At most this many scans and this many positions in one answer (each list says how many there are in all). */
const HISTORY_LIMIT = 1000;

/** The bracelet's scan history (every scan, every position), for its parent only. */
export function registerHistoryRoutes(app: HttpServer, { db, config }: ScanDeps): void {
  const cards = createScanCardRepository(db);
  app.get(
    '/get_scan_history/:id',
    {
      schema: {
        params: z.object({ id: braceletIdSchema }),
        response: { 200: scanHistoryResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const identity = requireIdentity(request, identitySecretsOf(config), 'parent');
      const card = await cards.findByBraceletId(request.params.id);
      if (!card?.parent || card.parent.id !== identity.accountId) throw notFound('Bracelet introuvable.');
      reply.header('cache-control', 'no-store');
      const activity = createFinderActivityRepository(db);
      // Only the current owner's history: not what finders did while another family had the bracelet.
      const since = card.ownerSince ?? new Date(0);
      const [scans, positions] = await Promise.all([
        activity.listScans(card.braceletId, since, HISTORY_LIMIT),
        activity.listPositions(card.braceletId, since, HISTORY_LIMIT),
      ]);
      return {
        scans: scans.scans.map((scannedAt) => ({ scanned_at: scannedAt.toISOString() })),
        scan_count: scans.total,
        positions: positions.positions.map((position) => ({
          lat: position.lat,
          lon: position.lon,
          shared_at: position.sharedAt.toISOString(),
          map_url: openStreetMapLink(position.lat, position.lon),
          delivery: position.delivery,
        })),
        position_count: positions.total,
        limits: {
          share_window_seconds: config.LOCATION_SHARE_WINDOW_SECONDS,
          location_alerts_per_day: config.LOCATION_ALERTS_PER_DAY,
          position_retention_days: config.LOCATION_RETENTION_DAYS,
        },
      };
    },
  );
}
