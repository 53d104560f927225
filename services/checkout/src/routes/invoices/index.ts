import { invoiceOf, renderInvoicePdf, sellerOf } from '@bracelet/invoice';
import { type HttpServer, identityOf, identitySecretsOf, notFound, uuidParam } from '@bracelet/service-kit';
import { z } from 'zod';
import { createInvoiceLinkRepository } from '../../db/invoice-links.repository.js';
import { createOrderRepository } from '../../db/orders.repository.js';
import { matchesInvoiceToken } from '../../invoice-links.js';
import { paymentFactsOf } from '../../paid-order.js';
import type { CheckoutDeps } from '../../use-cases/deps.js';

/**
 * GET /invoices/{orderId}: a paid order's invoice as a PDF, for the order's parent (their session)
 * or whoever holds the link of the confirmation e-mail (`?token=`). Anyone else, like an order
 * without an invoice, gets the same 404 as for an order that does not exist.
 */
export function registerInvoiceRoutes(app: HttpServer, { db, config }: CheckoutDeps): void {
  const orders = createOrderRepository(db);
  const links = createInvoiceLinkRepository(db);
  const identitySecret = identitySecretsOf(config);
  const seller = sellerOf(config);
  app.get(
    '/invoices/:id',
    {
      schema: {
        params: uuidParam,
        querystring: z.object({ token: z.string().max(100).optional() }),
      },
    },
    async (request, reply) => {
      const order = await orders.findById(request.params.id);
      const identity = identityOf(request, identitySecret);
      const byParent = order?.parentId != null && identity?.role === 'parent' && identity.accountId === order.parentId;
      const byLink = order !== undefined && matchesInvoiceToken(await links.tokenHashOf(order.id), request.query.token);
      if (!order || !(byParent || byLink) || !order.invoiceNumber || !order.paidAt) throw notFound('Facture introuvable.');
      const facts = paymentFactsOf(order, await orders.linesOf(order.id), {
        invoiceNumber: order.invoiceNumber,
        paidAt: order.paidAt,
        paymentIntentId: order.paymentIntentId ?? '',
      });
      const pdf = await renderInvoicePdf(invoiceOf(facts, seller));
      return (
        reply
          .header('content-type', 'application/pdf')
          .header('content-disposition', `attachment; filename="facture-${order.invoiceNumber}.pdf"`)
          // A buyer's invoice: never kept by a shared cache, nor by the browser past this download.
          .header('cache-control', 'private, no-store')
          .header('x-content-type-options', 'nosniff')
          .send(Buffer.from(pdf))
      );
    },
  );
}
