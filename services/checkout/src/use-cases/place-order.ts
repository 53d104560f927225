import { createHash, randomUUID } from 'node:crypto';
import type { createPaymentIntentRequestSchema } from '@bracelet/contracts';
import { AppError, withTransaction } from '@bracelet/service-kit';
import type { z } from 'zod';
import { type Customer, createOrderRepository, type RelayPoint } from '../db/orders.repository.js';
import { createPriceListRepository } from '../db/price-list.repository.js';
import { PaymentProviderUnavailableError } from '../payments/provider.js';
import { type Delivery, type PricedOrder, priceOrder, UnsellableLineError } from '../pricing.js';
import type { CheckoutDeps } from './deps.js';

export type CheckoutPayload = z.output<typeof createPaymentIntentRequestSchema>;

export type PlacedOrder = PricedOrder & {
  orderId: string;
  orderNumber: string;
  delivery: Delivery;
  paymentIntentId: string;
  clientSecret: string;
};

/** The spec's shipping values (§2.12, §4) as pricing's deliveries: relay point, or home standard / express. */
export function deliveryOf(payload: Pick<CheckoutPayload, 'shipping_method' | 'delivery_option'>): Delivery {
  if (payload.shipping_method === 'mondialrelay') return 'relay';
  return payload.delivery_option === 'express' ? 'express' : 'standard';
}

export const hashClientSecret = (clientSecret: string) => createHash('sha256').update(clientSecret).digest('hex');

export const paymentUnavailable = () =>
  new AppError(503, 'payment_unavailable', 'Le paiement est momentanément indisponible. Veuillez réessayer dans quelques instants.');

/**
 * Prices the cart from checkout's own price list (the client's amounts are never read), stores the
 * order awaiting payment, and opens its PaymentIntent for exactly that total. The intent is created
 * after the order is committed, with the order's id as idempotency key and metadata, so a webhook
 * always finds its order.
 */
export async function placeOrder(deps: CheckoutDeps, payload: CheckoutPayload, parentId: string | null): Promise<PlacedOrder> {
  const { db, payments } = deps;
  const delivery = deliveryOf(payload);
  const requested = payload.items.map((item) => ({ code: item.code, color: item.color, quantity: item.quantity }));
  const priceList = await createPriceListRepository(db).findOnSale([...new Set(requested.map((line) => line.code))]);
  let priced: PricedOrder;
  try {
    priced = priceOrder(priceList, requested, delivery);
  } catch (error) {
    if (!(error instanceof UnsellableLineError)) throw error;
    throw new AppError(400, 'unsellable_line', error.message, { [`items.${error.lineIndex}`]: [error.message] });
  }

  const { customer: buyer, relay_point } = payload;
  const customer: Customer = {
    email: buyer.email.toLowerCase(),
    firstName: buyer.first_name,
    lastName: buyer.last_name,
    phone: buyer.phone || null,
    address: buyer.address,
    postalCode: buyer.postal_code,
    city: buyer.city,
    country: buyer.country,
  };
  const relayPoint: RelayPoint | null =
    delivery === 'relay' && relay_point
      ? {
          id: relay_point.ID,
          name: relay_point.Nom,
          address: relay_point.Adresse1,
          postalCode: relay_point.CP,
          city: relay_point.Ville,
          country: relay_point.Pays || 'FR',
        }
      : null;
  const orderId = randomUUID();
  const orderNumber = await withTransaction(db, (tx) =>
    createOrderRepository(tx).insert({
      id: orderId,
      parentId,
      customer,
      delivery,
      shippingAddress:
        delivery === 'relay'
          ? null
          : { address: customer.address, postalCode: customer.postalCode, city: customer.city, country: customer.country },
      relayPoint,
      ...priced,
    }),
  );

  let intent: Awaited<ReturnType<typeof payments.createPaymentIntent>>;
  try {
    intent = await payments.createPaymentIntent({
      amountCents: priced.totalCents,
      currency: 'eur',
      orderId,
      orderNumber,
      receiptEmail: customer.email,
      idempotencyKey: `order-${orderId}`,
    });
  } catch (error) {
    if (error instanceof PaymentProviderUnavailableError) {
      deps.log.warn({ err: error, orderId }, 'payment intent could not be created');
      throw paymentUnavailable();
    }
    throw error;
  }
  await createOrderRepository(db).attachPaymentIntent(orderId, intent.id, hashClientSecret(intent.clientSecret));
  return { ...priced, orderId, orderNumber, delivery, paymentIntentId: intent.id, clientSecret: intent.clientSecret };
}
