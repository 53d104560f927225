import type { EventOf } from '@bracelet/contracts';
import type { Seller } from './seller.js';

/** What an invoice is drawn from: the facts payment.succeeded carries (checkout rebuilds the same from its order). */
export type PaidOrder = Pick<
  EventOf<'payment.succeeded'>,
  'orderNumber' | 'invoiceNumber' | 'customer' | 'lines' | 'delivery' | 'goodsCents' | 'shippingCents' | 'totalCents' | 'paidAt'
>;

export type InvoiceLine = { designation: string; quantity: number; unitPriceCents: number; totalCents: number };

export type Invoice = {
  number: string;
  orderNumber: string;
  /** ISO 8601: the invoice is issued when the payment is confirmed. */
  issuedAt: string;
  seller: Seller;
  buyer: { name: string; email: string; addressLines: string[] };
  lines: InvoiceLine[];
  delivery: { label: string; priceCents: number; destinationLines: string[] };
  /** Prices are all taxes included (TTC); the VAT is taken out of the total. */
  totalCents: number;
  totalExcludingVatCents: number;
  vatCents: number;
  vatRatePercent: number;
};

export const VAT_RATE_PERCENT = 20;

/** HT = TTC / 1.2 rounded to the cent, and the VAT is the rest, so HT + TVA is exactly the TTC paid. */
export function splitVat(totalCents: number): { totalExcludingVatCents: number; vatCents: number } {
  const totalExcludingVatCents = Math.round((totalCents * 100) / (100 + VAT_RATE_PERCENT));
  return { totalExcludingVatCents, vatCents: totalCents - totalExcludingVatCents };
}

const deliveryLabels = {
  standard: 'Livraison à domicile La Poste (standard)',
  express: 'Livraison à domicile La Poste (express)',
  relay: 'Livraison en point relais Mondial Relay',
} as const;

const postalLines = (address: { address: string; postalCode: string; city: string; country: string }) => [
  address.address,
  `${address.postalCode} ${address.city}`,
  address.country,
];

/** The invoice of a paid order, by the given seller. */
export function invoiceOf(order: PaidOrder, seller: Seller): Invoice {
  const { customer, delivery } = order;
  const destinationLines =
    delivery.method === 'relay'
      ? [`${delivery.relayPoint.name} (point relais n° ${delivery.relayPoint.id})`, ...postalLines(delivery.relayPoint)]
      : postalLines(delivery.address);
  return {
    number: order.invoiceNumber,
    orderNumber: order.orderNumber,
    issuedAt: order.paidAt,
    seller,
    buyer: { name: `${customer.firstName} ${customer.lastName}`, email: customer.email, addressLines: postalLines(customer) },
    lines: order.lines.map((line) => ({
      designation: `${line.productName} — ${line.colourName}`,
      quantity: line.quantity,
      unitPriceCents: line.unitPriceCents,
      totalCents: line.totalCents,
    })),
    delivery: { label: deliveryLabels[delivery.method], priceCents: order.shippingCents, destinationLines },
    totalCents: order.totalCents,
    ...splitVat(order.totalCents),
    vatRatePercent: VAT_RATE_PERCENT,
  };
}
