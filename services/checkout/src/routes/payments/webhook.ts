import { errorResponseSchema, webhookResponseSchema } from '@bracelet/contracts';
import { AppError, type HttpServer } from '@bracelet/service-kit';
import { z } from 'zod';
import { InvalidWebhookSignatureError } from '../../payments/provider.js';
import { applyStripeEvent } from '../../use-cases/apply-stripe-event.js';
import type { CheckoutDeps } from '../../use-cases/deps.js';

const signatureHeader = z.string().min(1).max(4096).optional();
const WEBHOOK_BODY_LIMIT = 512 * 1024;

/**
 * POST /stripe/webhook: the only way an order becomes paid. The signature covers the exact bytes
 * Stripe sent, so this route, alone in its scope, takes the body as a Buffer instead of parsed JSON.
 */
export async function registerWebhookRoute(app: HttpServer, deps: CheckoutDeps): Promise<void> {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) => done(null, body));
    scope.post(
      '/stripe/webhook',
      { bodyLimit: WEBHOOK_BODY_LIMIT, schema: { response: { 200: webhookResponseSchema, 400: errorResponseSchema } } },
      async (request) => {
        const signature = signatureHeader.safeParse(request.headers['stripe-signature']);
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        let event: ReturnType<typeof deps.payments.verifyWebhook>;
        try {
          if (!signature.success) throw new InvalidWebhookSignatureError('malformed Stripe-Signature header');
          event = deps.payments.verifyWebhook(body, signature.data);
        } catch (error) {
          if (!(error instanceof InvalidWebhookSignatureError)) throw error;
          request.log.warn({ reason: error.message }, 'stripe webhook refused: bad signature');
          throw new AppError(400, 'invalid_signature', 'Signature du webhook invalide.');
        }
        const outcome = await applyStripeEvent(deps, event);
        request.log.info({ eventId: event.id, type: event.type, outcome }, 'stripe event');
        return { received: true as const };
      },
    );
  });
}
