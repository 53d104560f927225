import { errorResponseSchema, simulatedConfirmRequestSchema, simulatedConfirmResponseSchema } from '@bracelet/contracts';
import { AppError, type HttpServer, notFound } from '@bracelet/service-kit';
import { StripeApiError } from '@bracelet/stripe-fake';
import { z } from 'zod';
import { createOrderRepository } from '../../db/orders.repository.js';
import { PaymentProviderUnavailableError } from '../../payments/provider.js';
import type { CheckoutDeps } from '../../use-cases/deps.js';
import { hashClientSecret, paymentUnavailable } from '../../use-cases/place-order.js';

const intentParam = z.object({ id: z.string().regex(/^pi_[A-Za-z0-9]{1,64}$/, { message: 'Paiement inconnu.' }) });
const unknownPayment = () => notFound('Paiement introuvable.');

/**
 * The simulated provider's browser side (ADR 012), only without Stripe keys (404 otherwise): the
 * test card form confirms through here — checkout calls the fake with the same SDK call as any
 * server-side confirmation — and the simulated bank's 3-D Secure page is served here, since the
 * fake only listens on the loopback interface.
 */
export async function registerSimulatedPaymentRoutes(app: HttpServer, deps: CheckoutDeps): Promise<void> {
  const { db, config, payments, stripeFake } = deps;
  const orders = createOrderRepository(db);
  const publicOrigin = new URL(config.PUBLIC_URL).origin;

  /** Our own page to come back to: a path, or an address on the public origin; nothing else (no open redirect). */
  const returnUrlOf = (given: string | undefined, orderId: string) => {
    const fallback = new URL(`/success?order_id=${orderId}`, config.PUBLIC_URL).toString();
    if (!given) return fallback;
    try {
      const url = new URL(given, config.PUBLIC_URL);
      if (url.origin === publicOrigin && !given.startsWith('//')) return url.toString();
    } catch {
      // refused below
    }
    throw new AppError(400, 'invalid_request', 'Requête invalide.', { return_url: ['Adresse de retour invalide.'] });
  };

  app.post(
    '/payments/simulated/confirm',
    {
      config: { rateLimit: { max: config.CHECKOUT_RATE_LIMIT_PER_IP, timeWindow: config.CHECKOUT_RATE_LIMIT_WINDOW_SECONDS * 1000 } },
      schema: {
        body: simulatedConfirmRequestSchema,
        response: {
          200: simulatedConfirmResponseSchema,
          400: errorResponseSchema,
          402: errorResponseSchema,
          404: errorResponseSchema,
          429: errorResponseSchema,
          503: errorResponseSchema,
        },
      },
    },
    async (request) => {
      if (payments.mode !== 'simulated') throw notFound();
      const { payment_intent, client_secret, payment_method, return_url } = request.body;
      const order = await orders.findByPaymentIntent(payment_intent);
      // The client secret proves the page is the one the intent was created for.
      if (!order?.clientSecretHash || order.clientSecretHash !== hashClientSecret(client_secret)) throw unknownPayment();
      try {
        const { intent, declined } = await payments.confirmPaymentIntent(payment_intent, payment_method, returnUrlOf(return_url, order.id));
        if (declined) throw new AppError(402, declined.code ?? 'card_declined', 'Votre carte a été refusée. Essayez une autre carte.');
        return {
          payment_intent: {
            id: intent.id,
            status: intent.status,
            next_action: intent.redirectUrl ? { type: 'redirect_to_url' as const, redirect_to_url: { url: intent.redirectUrl } } : null,
          },
        };
      } catch (error) {
        if (!(error instanceof PaymentProviderUnavailableError)) throw error;
        const stripeError = error.cause as { code?: string } | undefined;
        if (stripeError?.code === 'payment_intent_unexpected_state') {
          throw new AppError(409, 'already_confirmed', 'Ce paiement a déjà été effectué.');
        }
        throw paymentUnavailable();
      }
    },
  );

  // The simulated bank's page (3-D Secure): plain HTML, a form, no script.
  app.get('/payments/simulated/authenticate/:id', { schema: { params: intentParam } }, async (request, reply) => {
    if (!stripeFake) throw notFound();
    const intent = await payments.retrievePaymentIntent(request.params.id).catch(() => undefined);
    if (intent?.status !== 'requires_action') throw unknownPayment();
    return reply.type('text/html; charset=utf-8').send(authenticationPage(intent.amountCents));
  });

  await app.register(async (plain) => {
    // A child scope of the same server: same validator and type provider, plus the form parser.
    const scope = plain as unknown as HttpServer;
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, body, done) =>
      done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );
    scope.post(
      '/payments/simulated/authenticate/:id',
      { schema: { params: intentParam, body: z.object({ outcome: z.enum(['approve', 'refuse']) }) } },
      async (request, reply) => {
        if (!stripeFake) throw notFound();
        let answer: ReturnType<typeof stripeFake.authenticate>;
        try {
          answer = stripeFake.authenticate(request.params.id, request.body.outcome === 'approve');
        } catch (error) {
          if (error instanceof StripeApiError) throw unknownPayment();
          throw error;
        }
        const back = new URL(answer.returnUrl ?? '/', config.PUBLIC_URL);
        back.searchParams.set('payment_intent', answer.intent.id);
        back.searchParams.set('payment_intent_client_secret', answer.intent.client_secret);
        back.searchParams.set('redirect_status', answer.intent.status === 'succeeded' ? 'succeeded' : 'failed');
        return reply.code(303).header('location', back.toString()).send();
      },
    );
  });
}

function authenticationPage(amountCents: number): string {
  const amount = (amountCents / 100).toFixed(2).replace('.', ',');
  return `<!doctype html>
<html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Authentification 3-D Secure (simulée)</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 32rem; margin: 2rem auto; padding: 0 1rem">
<main>
<p><strong>Mode test : paiement simulé.</strong> Aucune banque n'est contactée.</p>
<h1>Authentification 3-D Secure</h1>
<p>Confirmez-vous le paiement de ${amount} € ?</p>
<form method="post">
<button type="submit" name="outcome" value="approve">Autoriser le paiement</button>
<button type="submit" name="outcome" value="refuse">Refuser</button>
</form>
</main></body></html>`;
}
