import type { EventOf } from '@bracelet/contracts';
import type { StoredOrder } from './db/orders.repository.js';
import type { PricedLine } from './pricing.js';

/** What payment.succeeded says of a paid order; the invoice is drawn from the same facts. */
export type PaymentFacts = Omit<EventOf<'payment.succeeded'>, 'name' | 'eventId' | 'occurredAt' | 'invoiceUrl'>;

/**
 * A paid order's facts from checkout's own rows: written in payment.succeeded when it is paid, and
 * rebuilt alike for the invoice download, so both draw the very same invoice.
 */
export function paymentFactsOf(
  order: StoredOrder,
  lines: PricedLine[],
  paid: { invoiceNumber: string; paidAt: Date; paymentIntentId: string },
): PaymentFacts {
  const { customer } = order;
  return {
    orderId: order.id,
    orderNumber: order.orderNumber,
    invoiceNumber: paid.invoiceNumber,
    parentId: order.parentId,
    customer,
    lines: lines.map((line) => ({
      code: line.code,
      productName: line.productName,
      color: line.colourSlug,
      colourName: line.colourName,
      quantity: line.quantity,
      unitPriceCents: line.unitPriceCents,
      totalCents: line.totalCents,
    })),
    delivery:
      order.delivery === 'relay' && order.relayPoint
        ? { method: 'relay', carrier: 'mondialrelay', relayPoint: order.relayPoint }
        : {
            method: order.delivery === 'express' ? 'express' : 'standard',
            carrier: 'laposte',
            address: order.shippingAddress ?? {
              address: customer.address,
              postalCode: customer.postalCode,
              city: customer.city,
              country: customer.country,
            },
          },
    goodsCents: order.goodsCents,
    shippingCents: order.shippingCents,
    totalCents: order.totalCents,
    currency: 'eur',
    paymentIntentId: paid.paymentIntentId,
    paidAt: paid.paidAt.toISOString(),
  };
}
