import {
  braceletIdSchema,
  errorResponseSchema,
  familyAlertedHeader,
  type ScanCardResponse,
  scanCardResponseSchema,
  shareLocationResponseSchema,
} from '@bracelet/contracts';
import { AppError, type HttpServer, identityOf, identitySecretsOf, notFound, withTimeout } from '@bracelet/service-kit';
import { z } from 'zod';
import { senderKey } from '../../alerts/alert-budget.js';
import { createScanCardRepository, type ScanCard } from '../../db/scan-cards.repository.js';
import type { ScanDeps } from '../../use-cases/deps.js';

/** Public answers about a child must never be indexed, previewed or leaked through Referer. */
export const finderPrivacyHeaders = {
  'x-robots-tag': 'noindex, nofollow',
  'referrer-policy': 'no-referrer',
  'cache-control': 'no-store',
};

export function toScanCardResponse(card: ScanCard): ScanCardResponse {
  return {
    bracelet: { id: card.braceletId, configured: card.configured ? '1' : '0' },
    child: card.child
      ? { first_name: card.child.firstName, surname: card.child.surname, birth_date: card.child.birthDate, photo: card.child.photoId }
      : null,
    emergency_contact: card.emergencyContact
      ? {
          first_name: card.emergencyContact.firstName,
          surname: card.emergencyContact.surname,
          phone: card.emergencyContact.phone,
          relationship: card.emergencyContact.relationship,
          photo: card.emergencyContact.photo,
        }
      : null,
  };
}

/** What a finder reads when their position could not be passed on now. */
export const SHARE_NOT_DELIVERED =
  "Votre position est enregistrée, mais le contact de confiance n'a pas pu être prévenu automatiquement. Appelez-le au numéro indiqué.";

export function registerBraceletRoutes(app: HttpServer, { db, config, scans, shares, finderCards }: ScanDeps): void {
  const cards = createScanCardRepository(db);
  const identitySecret = identitySecretsOf(config);
  app.get(
    '/get_child_by_bracelet/:id',
    {
      config: { rateLimit: { max: config.SCAN_LOOKUPS_PER_MINUTE, timeWindow: 60_000 } },
      // Any string is accepted here: a malformed id is just an unknown bracelet, answered the same way.
      schema: { params: z.object({ id: z.string().max(200) }), response: { 200: scanCardResponseSchema, 404: errorResponseSchema } },
    },
    async (request, reply) => {
      // From the card cache when this process read it recently and no change was announced since (ADR 019).
      const card = await finderCards.findByBraceletId(request.params.id);
      if (!card) throw notFound('Ce bracelet est invalide');
      const { child, parent, emergencyContact } = card;
      // A finder's scan alerts the family; the parent testing their own bracelet does not.
      if (card.configured && child && parent && emergencyContact && identityOf(request, identitySecret)?.accountId !== parent.id) {
        try {
          const recorded = scans.record(
            { braceletId: card.braceletId, childFirstName: child.firstName, parent, emergencyContactPhone: emergencyContact.phone },
            senderKey(request.ip),
          );
          // Past the day's alert budget the scan is logged but nobody is alerted: the page must say so.
          if (!(await withTimeout(recorded, config.SCAN_RECORD_TIMEOUT_MS, 'scan record'))) reply.header(familyAlertedHeader, '0');
        } catch (error) {
          // The finder must still see whom to call, at once; the page just must not claim the family
          // was alerted. (A slow commit may still go through and alert them: saying less is safe.)
          request.log.error({ err: error, braceletId: card.braceletId }, 'scan not recorded in time: the family may NOT be alerted');
          reply.header(familyAlertedHeader, '0');
        }
      }
      return toScanCardResponse(card);
    },
  );

  // The card's photo: public to whoever has its unguessable id, which only a scan of the bracelet gives.
  app.get('/scan_photo/:photoId', { schema: { params: z.object({ photoId: z.string().max(64) }) } }, async (request, reply) => {
    const photo = await cards.findPhoto(request.params.photoId);
    if (!photo) throw notFound();
    return reply
      .header('content-type', 'image/webp')
      .header('cache-control', 'private, max-age=300')
      .header('x-content-type-options', 'nosniff')
      .send(photo);
  });

  app.post(
    '/share_location',
    {
      config: { rateLimit: { max: config.LOCATION_SHARES_PER_MINUTE, timeWindow: 60_000 } },
      schema: {
        body: z.object({
          bracelet_id: braceletIdSchema,
          child_first_name: z.string().max(100),
          emergency_contact_phone: z.string().max(32),
          lat: z.number().finite().min(-90).max(90),
          lon: z.number().finite().min(-180).max(180),
        }),
        response: {
          200: shareLocationResponseSchema,
          400: errorResponseSchema,
          404: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    async (request) => {
      const { bracelet_id, child_first_name, emergency_contact_phone, lat, lon } = request.body;
      const outcome = await shares.record({
        braceletId: bracelet_id,
        childFirstName: child_first_name,
        emergencyContactPhone: emergency_contact_phone,
        lat,
        lon,
        sender: senderKey(request.ip),
      });
      if (outcome.kind === 'unknown') throw notFound('Ce bracelet est invalide');
      if (outcome.kind === 'mismatch') throw new AppError(400, 'invalid_request', 'Requête invalide.');
      // The position is kept in every case (ADR 009). Past the day's alert budget (or this sender's
      // share of it) nobody is told now: the finder must know, and call.
      if (outcome.delivery === 'account_only') return { message: SHARE_NOT_DELIVERED, contact_notified: false };
      return { message: 'Position partagée avec le contact de confiance.', contact_notified: true };
    },
  );
}
