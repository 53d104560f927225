import { buyerOrderSchema, errorResponseSchema } from '@bracelet/contracts';
import { forbidden, type HttpServer, identitySecretsOf, requireIdentity, uuidParam } from '@bracelet/service-kit';
import { z } from 'zod';
import { createOrderRepository } from '../../db/orders.repository.js';
import { invoiceUrlOf } from '../../invoice-links.js';
import type { CheckoutDeps } from '../../use-cases/deps.js';
import { withdrawalDeadlineOf } from '../../withdrawal-period.js';

export function registerOrderRoutes(app: HttpServer, { db, config }: CheckoutDeps): void {
  const identitySecret = identitySecretsOf(config);
  const orders = createOrderRepository(db);
  app.get(
    '/get_orders_by_parent/:id',
    {
      schema: {
        params: uuidParam,
        response: { 200: z.array(buyerOrderSchema), 401: errorResponseSchema, 403: errorResponseSchema },
      },
    },
    async (request) => {
      const identity = requireIdentity(request, identitySecret, 'parent');
      if (identity.accountId !== request.params.id) throw forbidden();
      return (await orders.listByParent(identity.accountId)).map((order) => ({
        id: order.id,
        id_order: order.id,
        order_number: order.orderNumber,
        status: order.status,
        order_datetime: order.createdAt.toISOString(),
        contenu: order.lines,
        // The parent's own link: their session opens it (a guest's link carries a token instead).
        invoice_url: order.invoiceNumber ? invoiceUrlOf(config.PUBLIC_URL, order.id) : null,
        // Paid orders only: createdAt is then the payment's time, from which the period runs.
        withdrawal_until: order.invoiceNumber ? withdrawalDeadlineOf(order.createdAt).toISOString() : null,
        withdrawal_requested_at: order.withdrawalRequestedAt?.toISOString() ?? null,
        refunded_at: order.refundedAt?.toISOString() ?? null,
        refunded_amount: order.refundedCents === null ? null : order.refundedCents / 100,
      }));
    },
  );
}
