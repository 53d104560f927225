import { z } from 'zod';
import { braceletIdSchema } from '../bracelet-id.js';
import { defineEvent } from './envelope.js';

/**
 * Staff refunded an order through the payment provider (checkout owns payments): written in the
 * transaction that records the order as refunded, so it is written once however often staff click.
 * The notifier confirms it to the buyer; fulfilment puts back in stock the order's bracelets that
 * were never configured.
 */
export const paymentRefunded = defineEvent('payment.refunded', {
  orderId: z.uuid(),
  /** The number people read (e-mails, back office). */
  orderNumber: z.string(),
  parentId: z.uuid().nullable(),
  customerEmail: z.email(),
  /** Whom the e-mail greets. */
  customerFirstName: z.string(),
  /** The provider's refund id (Stripe's re_…). */
  refundId: z.string(),
  amountCents: z.number().int().positive(),
  /** What the order was paid: a refund of less is partial (the mail says which). */
  paidCents: z.number().int().positive(),
  currency: z.literal('eur'),
  refundedAt: z.iso.datetime({ offset: true }),
});

/**
 * Bracelets of a refunded order went back to stock (never configured): they may be sold again, so
 * family forgets whom they were given to.
 */
export const braceletsRestocked = defineEvent('bracelets.restocked', {
  orderId: z.uuid(),
  /** The buyer they had been given to (order.prepared), if the buyer had an account. */
  parentId: z.uuid().nullable(),
  braceletIds: z.array(braceletIdSchema).min(1),
});
