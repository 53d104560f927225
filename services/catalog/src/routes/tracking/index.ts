import { addContactResponseSchema, errorResponseSchema, trackEventResponseSchema } from '@bracelet/contracts';
import { AppError, type HttpServer } from '@bracelet/service-kit';
import { z } from 'zod';
import { type CartLine, createTrackingRepository } from '../../db/tracking.repository.js';
import type { CatalogDeps } from '../../use-cases/deps.js';

/** Ids the browser makes up and keeps (visit_id, visitor_id, the cart session): short and plain. */
const clientId = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, { message: 'Identifiant invalide.' });
const attributionField = z.string().trim().max(200).nullish();
const attribution = {
  source: attributionField,
  medium: attributionField,
  campaign: attributionField,
  referrer: z.string().trim().max(2000).nullish(),
};
const attributionOf = (body: { source?: string | null; medium?: string | null; campaign?: string | null; referrer?: string | null }) => ({
  source: body.source || null,
  medium: body.medium || null,
  campaign: body.campaign || null,
  referrer: body.referrer || null,
});

const cartLineSchema = z.object({
  code: z.string().max(40),
  name: z.string().max(200),
  image: z.string().max(500).optional(),
  color: z.string().max(60),
  quantity: z.number().int().min(1).max(99),
  price: z.number().min(0).max(10_000),
});
/** The spec sends the cart serialised; a list is accepted as well. */
const cartItemsSchema = z.union([
  z.array(cartLineSchema).max(50),
  z
    .string()
    .max(20_000)
    .transform((text, context): CartLine[] => {
      try {
        const lines = z.array(cartLineSchema).max(50).safeParse(JSON.parse(text));
        if (lines.success) return lines.data;
      } catch {
        // reported below
      }
      context.addIssue({ code: 'custom', message: 'Panier invalide.' });
      return z.NEVER;
    }),
]);

export const ALREADY_REGISTERED = 'Vous vous êtes déjà inscrit(e) avec cette adresse mail.';

/**
 * The shop's measures. The browser sends them only with the visitor's consent (the shell's consent
 * banner); the pre-sale sign-up is a request of the visitor's own and always works.
 */
export function registerTrackingRoutes(app: HttpServer, { db, config }: CatalogDeps): void {
  const tracking = createTrackingRepository(db);
  const perMinute = { rateLimit: { max: config.TRACKING_PER_MINUTE, timeWindow: 60_000 } };

  app.post(
    '/track_visit/',
    {
      config: perMinute,
      schema: {
        body: z.object({ ...attribution, visit_id: clientId, visitor_id: clientId }),
        response: { 200: trackEventResponseSchema, 400: errorResponseSchema, 429: errorResponseSchema },
      },
    },
    async (request) => {
      const { visit_id, visitor_id } = request.body;
      await tracking.recordVisit({ ...attributionOf(request.body), visitId: visit_id, visitorId: visitor_id });
      return { ok: true as const };
    },
  );

  app.post(
    '/add_contact/',
    {
      config: { rateLimit: { max: config.CONTACTS_PER_HOUR, timeWindow: 3600_000 } },
      schema: {
        body: z.object({
          email: z
            .string({ message: "L'adresse e-mail est obligatoire." })
            .trim()
            .max(254, { message: 'Adresse e-mail trop longue.' })
            .pipe(z.email({ message: 'Adresse e-mail invalide.' })),
          ...attribution,
          visit_id: clientId.nullish(),
          visitor_id: clientId.nullish(),
          /** The honeypot: a person never fills it (it is hidden); a robot does. */
          website: z.string().max(500).optional(),
        }),
        response: { 200: addContactResponseSchema, 400: errorResponseSchema, 409: errorResponseSchema, 429: errorResponseSchema },
      },
    },
    async (request) => {
      const { email, visit_id, visitor_id, website } = request.body;
      const thanks = { message: 'Merci ! Nous vous écrirons dès l’ouverture des précommandes.' };
      // A filled honeypot is answered like a success, so the robot learns nothing; nothing is kept.
      if (website) return thanks;
      const added = await tracking.addContact({
        ...attributionOf(request.body),
        email,
        visitId: visit_id ?? null,
        visitorId: visitor_id ?? null,
      });
      if (!added) throw new AppError(409, 'already_registered', ALREADY_REGISTERED, { email: [ALREADY_REGISTERED] });
      return thanks;
    },
  );

  app.post(
    '/track-event',
    {
      config: perMinute,
      schema: {
        body: z.object({ session_id: clientId, status: z.literal('added_to_cart'), cart_items: cartItemsSchema }),
        response: { 200: trackEventResponseSchema, 400: errorResponseSchema, 429: errorResponseSchema },
      },
    },
    async (request) => {
      const { session_id, status, cart_items } = request.body;
      await tracking.recordCartEvent({ sessionId: session_id, status, cartItems: cart_items });
      return { ok: true as const };
    },
  );
}
