import { braceletIdSchema, errorResponseSchema } from '@bracelet/contracts';
import { type HttpServer, notFound, type Pool, requireIdentity } from '@bracelet/service-kit';
import { z } from 'zod';
import { createFinderActivityRepository } from '../../db/finder-activity.repository.js';
import type { ScanCardRepository } from '../../db/scan-cards.repository.js';

const historySchema = z.array(
  z.object({
    scanned_at: z.string(),
    position: z.object({ lat: z.number(), lon: z.number(), shared_at: z.string(), map_url: z.url() }).nullable(),
  }),
);

const mapUrl = (lat: number, lon: number) =>
  `https://www.openstreetmap.org/?mlat=${lat.toFixed(6)}&mlon=${lon.toFixed(6)}#map=17/${lat.toFixed(6)}/${lon.toFixed(6)}`;

/** The bracelet's scan history, for its parent only. */
export function registerHistoryRoutes(
  app: HttpServer,
  { db, cards, identitySecret }: { db: Pool; cards: ScanCardRepository; identitySecret: string },
): void {
  app.get(
    '/get_scan_history/:id',
    {
      schema: {
        params: z.object({ id: braceletIdSchema }),
        response: { 200: historySchema, 401: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const identity = requireIdentity(request, identitySecret, 'parent');
      const card = await cards.findByBraceletId(request.params.id);
      if (!card?.parent || card.parent.id !== identity.accountId) throw notFound('Bracelet introuvable.');
      reply.header('cache-control', 'no-store');
      return (await createFinderActivityRepository(db).listScans(card.braceletId)).map((entry) => ({
        scanned_at: entry.scannedAt.toISOString(),
        position: entry.position
          ? {
              lat: entry.position.lat,
              lon: entry.position.lon,
              shared_at: entry.position.sharedAt.toISOString(),
              map_url: mapUrl(entry.position.lat, entry.position.lon),
            }
          : null,
      }));
    },
  );
}
