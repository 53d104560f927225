import {
  checkoutConfigResponseSchema,
  createPaymentIntentRequestSchema,
  createPaymentIntentResponseSchema,
  errorResponseSchema,
} from '@bracelet/contracts';
import { SIMULATED_TEST_CARDS } from '@bracelet/contracts/values';
import { type HttpServer, identityOf, identitySecretsOf } from '@bracelet/service-kit';
import type { CheckoutDeps } from '../../use-cases/deps.js';
import { placeOrder } from '../../use-cases/place-order.js';

const euros = (cents: number) => Math.round(cents) / 100;

export function registerCheckoutRoutes(app: HttpServer, deps: CheckoutDeps): void {
  const { config, payments } = deps;
  const identitySecret = identitySecretsOf(config);
  const perAddress = {
    rateLimit: { max: config.CHECKOUT_RATE_LIMIT_PER_IP, timeWindow: config.CHECKOUT_RATE_LIMIT_WINDOW_SECONDS * 1000 },
  };

  // Spec §7: the shop's payload as it is; the answer says what is charged (brief §3: the server decides amounts).
  app.post(
    '/create-payment-intent',
    {
      config: perAddress,
      schema: {
        body: createPaymentIntentRequestSchema,
        response: { 200: createPaymentIntentResponseSchema, 400: errorResponseSchema, 429: errorResponseSchema, 503: errorResponseSchema },
      },
    },
    async (request) => {
      // Whoever is logged in buys; a body parent_id is never trusted (anonymous checkout is allowed, spec §6).
      const identity = identityOf(request, identitySecret);
      const parentId = identity?.role === 'parent' ? identity.accountId : null;
      const placed = await placeOrder(deps, request.body, parentId);
      return {
        client_secret: placed.clientSecret,
        payment_intent: placed.paymentIntentId,
        order_id: placed.orderId,
        order_number: placed.orderNumber,
        currency: 'eur' as const,
        order_amount: euros(placed.goodsCents),
        shipping_amount: euros(placed.shippingCents),
        total_amount: euros(placed.totalCents),
        amounts_cents: { goods: placed.goodsCents, shipping: placed.shippingCents, total: placed.totalCents },
        delivery: placed.delivery,
        lines: placed.lines.map((line) => ({
          code: line.code,
          name: line.productName,
          color: line.colourName,
          quantity: line.quantity,
          unit_price: euros(line.unitPriceCents),
          total: euros(line.totalCents),
        })),
        mode: payments.mode,
        publishable_key: payments.publishableKey,
      };
    },
  );

  app.get('/checkout/config', { schema: { response: { 200: checkoutConfigResponseSchema } } }, async () => ({
    mode: payments.mode,
    publishable_key: payments.publishableKey,
    test_cards: payments.mode === 'simulated' ? [...SIMULATED_TEST_CARDS] : [],
  }));
}
