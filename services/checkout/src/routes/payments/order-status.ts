import { timingSafeEqual } from 'node:crypto';
import { errorResponseSchema, orderStatusResponseSchema } from '@bracelet/contracts';
import { type HttpServer, identityOf, identitySecretsOf, notFound, uuidParam } from '@bracelet/service-kit';
import { z } from 'zod';
import { createOrderRepository } from '../../db/orders.repository.js';
import type { CheckoutDeps } from '../../use-cases/deps.js';
import { hashClientSecret } from '../../use-cases/place-order.js';
import { currentPaymentError } from './current-payment-error.js';

const sameHash = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * GET /checkout/orders/{id}/status: what /success polls until the webhook lands. The order's parent
 * may read it, and so may whoever holds its PaymentIntent's client secret (a guest's browser);
 * anyone else gets the same 404 as for an order that does not exist.
 */
export function registerOrderStatusRoute(app: HttpServer, { db, config, payments }: CheckoutDeps): void {
  const orders = createOrderRepository(db);
  const identitySecret = identitySecretsOf(config);
  app.get(
    '/checkout/orders/:id/status',
    {
      schema: {
        params: uuidParam,
        querystring: z.object({ client_secret: z.string().max(200).optional() }),
        response: { 200: orderStatusResponseSchema, 400: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request) => {
      const order = await orders.findById(request.params.id);
      const identity = identityOf(request, identitySecret);
      const { client_secret } = request.query;
      const byParent = order?.parentId != null && identity?.role === 'parent' && identity.accountId === order.parentId;
      const bySecret =
        order?.clientSecretHash != null && client_secret !== undefined && sameHash(order.clientSecretHash, hashClientSecret(client_secret));
      if (!order || !(byParent || bySecret) || order.totalCents === null) throw notFound('Commande introuvable.');
      return {
        order_id: order.id,
        order_number: order.orderNumber,
        status: order.status,
        paid: ['paid', 'prepared', 'shipped'].includes(order.status),
        payment_error: await currentPaymentError(payments, order),
        invoice_number: order.invoiceNumber,
        total_amount: order.totalCents / 100,
      };
    },
  );
}
