import { z } from 'zod';

/** An order as its buyer sees it (spec §3), in GET /get_orders_by_parent/{id}. */
export const buyerOrderSchema = z.object({
  id: z.uuid(),
  id_order: z.uuid(),
  /** The number people read (e-mails, invoice, withdrawal form); not in the spec's list, added for them. */
  order_number: z.string(),
  status: z.string(),
  order_datetime: z.string(),
  contenu: z.array(z.object({ name: z.string(), color: z.string(), quantity: z.number().int() })),
  invoice_url: z.string().nullable(),
  /** The last moment the withdrawal button works for this order (ISO 8601); null without a payment. Added to the spec's list. */
  withdrawal_until: z.string().nullable(),
  /** When the buyer withdrew from this order (ISO 8601), or null. Added to the spec's list. */
  withdrawal_requested_at: z.string().nullable(),
  /** When the order was refunded (ISO 8601) and how much (euros), or null. Added to the spec's list. */
  refunded_at: z.string().nullable(),
  refunded_amount: z.number().nullable(),
});
export type BuyerOrder = z.infer<typeof buyerOrderSchema>;
