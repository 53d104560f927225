import {
  addBraceletSchema,
  braceletIdSchema,
  errorResponseSchema,
  ORDERS_PAGE_SIZE,
  orderStatusChangeSchema,
  ordersQuerySchema,
  type Preparation,
  preparationSchema,
  type ShippingOrder as ShippingOrderAnswer,
  shippingOrderSchema,
  shippingOrdersSchema,
} from '@bracelet/contracts';
import { type HttpServer, identitySecretsOf, requireIdentity, type ServiceDeps, uuidField, uuidParam } from '@bracelet/service-kit';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Config } from '../../config.js';
import { createShippingRepository, type ShippingOrder, type ShippingRepository } from '../../db/shipping.repository.js';
import { changeOrderStatus } from '../../use-cases/change-order-status.js';
import { orderNotFound } from '../../use-cases/errors.js';
import { addBraceletToOrder, removeBraceletFromOrder } from '../../use-cases/prepare-order.js';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};

const present = (order: ShippingOrder): ShippingOrderAnswer => ({
  id: order.id,
  id_order: order.id,
  order_number: order.orderNumber,
  status: order.status,
  address: order.destination.address,
  postal_code: order.destination.postalCode,
  city: order.destination.city,
  relay_point: order.destination.relayPoint,
  delivery_method: order.deliveryMethod,
  carrier: order.shippedCarrier ?? order.carrier,
  shipment_id: order.trackingNumber,
  customer_name: `${order.customer.firstName} ${order.customer.lastName}`.trim(),
  quantity: order.quantity,
  paid_at: order.paidAt.toISOString(),
});

async function preparationOf(shipping: ShippingRepository, orderId: string): Promise<Preparation> {
  const order = await shipping.find(orderId);
  if (!order) throw orderNotFound();
  const bracelets = await shipping.braceletsOf(orderId);
  return {
    ...present(order),
    lines: order.lines.map((line) => ({
      code: line.code,
      product_name: line.productName,
      colour: line.colour,
      colour_name: line.colourName,
      quantity: line.quantity,
    })),
    bracelets: bracelets.map((bracelet) => ({ id: bracelet.id, added_at: bracelet.addedAt.toISOString() })),
  };
}

/**
 * The back office's orders (spec §7: GET /orders, POST /orders/{id}/status,
 * POST /orders/{orderId}/add_bracelet), for staff only: anyone else is refused before anything is
 * read or changed (401 anonymous, 403 a parent).
 */
export function registerOrderRoutes(app: HttpServer, { db, config }: ServiceDeps<Config>): void {
  const secrets = identitySecretsOf(config);
  const staffOnly = async (request: FastifyRequest) => {
    requireIdentity(request, secrets, 'staff');
  };
  const staffId = (request: FastifyRequest) => requireIdentity(request, secrets, 'staff').accountId;
  const shipping = createShippingRepository(db);

  app.get(
    '/orders',
    { onRequest: staffOnly, schema: { querystring: ordersQuerySchema, response: { 200: shippingOrdersSchema, ...errors } } },
    async (request, reply) => {
      const { status, q, page } = request.query;
      const { orders, total } = await shipping.list({ status, q: q || undefined, page, pageSize: ORDERS_PAGE_SIZE });
      return reply
        .header('x-total-count', String(total))
        .header('x-page', String(page))
        .header('x-page-size', String(ORDERS_PAGE_SIZE))
        .send(orders.map(present));
    },
  );

  app.get(
    '/orders/:id',
    { onRequest: staffOnly, schema: { params: uuidParam, response: { 200: preparationSchema, ...errors } } },
    async (request) => preparationOf(shipping, request.params.id),
  );

  app.post(
    '/orders/:id/status',
    {
      onRequest: staffOnly,
      schema: { params: uuidParam, body: orderStatusChangeSchema, response: { 200: shippingOrderSchema, ...errors } },
    },
    async (request) => {
      const { status, carrier, tracking_number } = request.body;
      await changeOrderStatus(db, {
        orderId: request.params.id,
        staffId: staffId(request),
        change: status === 'prepared' ? { status } : { status, carrier, trackingNumber: tracking_number },
      });
      const order = await shipping.find(request.params.id);
      if (!order) throw orderNotFound();
      return present(order);
    },
  );

  app.post(
    '/orders/:orderId/add_bracelet',
    {
      onRequest: staffOnly,
      schema: {
        params: z.object({ orderId: uuidField }),
        body: addBraceletSchema,
        response: { 201: preparationSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { orderId } = request.params;
      await addBraceletToOrder(db, { orderId, code: request.body.bracelet_id, staffId: staffId(request), publicUrl: config.PUBLIC_URL });
      return reply.code(201).send(await preparationOf(shipping, orderId));
    },
  );

  app.delete(
    '/orders/:orderId/bracelets/:braceletId',
    {
      onRequest: staffOnly,
      schema: {
        params: z.object({ orderId: uuidField, braceletId: braceletIdSchema }),
        response: { 200: preparationSchema, ...errors },
      },
    },
    async (request) => {
      const { orderId, braceletId } = request.params;
      await removeBraceletFromOrder(db, { orderId, braceletId });
      return preparationOf(shipping, orderId);
    },
  );
}
