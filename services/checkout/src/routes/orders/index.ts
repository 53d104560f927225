import { errorResponseSchema } from '@bracelet/contracts';
import { forbidden, type HttpServer, type Queryable, requireIdentity, uuidParam } from '@bracelet/service-kit';
import { z } from 'zod';
import { createOrderRepository } from '../../db/orders.repository.js';

/** Order (parent view), spec §3. Lines and invoices arrive with the checkout issue. */
const buyerOrderSchema = z.object({
  id: z.uuid(),
  id_order: z.uuid(),
  status: z.string(),
  order_datetime: z.string(),
  contenu: z.array(z.object({ name: z.string(), color: z.string(), quantity: z.number().int() })),
  invoice_url: z.string().nullable(),
});

export function registerOrderRoutes(app: HttpServer, { db, identitySecret }: { db: Queryable; identitySecret: string }): void {
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
        status: order.status,
        order_datetime: order.createdAt.toISOString(),
        contenu: [],
        invoice_url: null,
      }));
    },
  );
}
