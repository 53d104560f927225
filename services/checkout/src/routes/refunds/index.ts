import { errorResponseSchema, refundRequestSchema, refundSchema } from '@bracelet/contracts';
import { type HttpServer, identitySecretsOf, requireIdentity, uuidParam } from '@bracelet/service-kit';
import type { CheckoutDeps } from '../../use-cases/deps.js';
import { refundOrder } from '../../use-cases/refund-order.js';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  503: errorResponseSchema,
};

/** POST /orders/{id}/refund: staff refund an order (after a withdrawal's return, mostly). Checkout owns payments. */
export function registerRefundRoutes(app: HttpServer, deps: CheckoutDeps): void {
  const secrets = identitySecretsOf(deps.config);
  app.post(
    '/orders/:id/refund',
    {
      // Refused before the body is even looked at: only staff refund.
      onRequest: async (request) => {
        requireIdentity(request, secrets, 'staff');
      },
      schema: { params: uuidParam, body: refundRequestSchema, response: { 200: refundSchema, ...errors } },
    },
    async (request) => {
      const staff = requireIdentity(request, secrets, 'staff');
      const refund = await refundOrder(deps, {
        orderId: request.params.id,
        staffId: staff.accountId,
        amountCents: request.body.amount_cents,
      });
      return {
        order_id: refund.orderId,
        order_number: refund.orderNumber,
        refund_id: refund.refundId,
        amount_cents: refund.amountCents,
        refunded_at: refund.refundedAt.toISOString(),
      };
    },
  );
}
