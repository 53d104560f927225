import { errorResponseSchema, type ScanCardResponse, scanCardResponseSchema } from '@bracelet/contracts';
import { type HttpServer, notFound } from '@bracelet/service-kit';
import { z } from 'zod';
import type { ScanCard, ScanCardRepository } from '../../db/scan-cards.repository.js';

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
      ? { first_name: card.child.firstName, surname: card.child.surname, birth_date: card.child.birthDate, photo: card.child.photo }
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

export function registerBraceletRoutes(app: HttpServer, { cards }: { cards: ScanCardRepository }): void {
  app.get(
    '/get_child_by_bracelet/:id',
    {
      // Any string is accepted here: a malformed id is just an unknown bracelet, answered the same way.
      schema: { params: z.object({ id: z.string().max(200) }), response: { 200: scanCardResponseSchema, 404: errorResponseSchema } },
    },
    async (request) => {
      const card = await cards.findByBraceletId(request.params.id);
      if (!card) throw notFound('Ce bracelet est invalide');
      return toScanCardResponse(card);
    },
  );
}
