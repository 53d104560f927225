import { z } from 'zod';

/*
 * Withdrawals as the back office follows them (fulfilment: the return, staff only) and refunds
 * (checkout, which owns payments, staff only).
 */

/** GET /withdrawal_returns: one line per order the buyer withdrew from, newest request first. */
export const withdrawalReturnSchema = z.object({
  order_id: z.uuid(),
  order_number: z.string(),
  requested_at: z.string(),
  /** Within the period; a late request is listed too, so staff can answer the buyer. */
  accepted: z.boolean(),
  return_received_at: z.string().nullable(),
  refunded_at: z.string().nullable(),
  refunded_cents: z.number().int().nullable(),
});
export type WithdrawalReturn = z.infer<typeof withdrawalReturnSchema>;
export const withdrawalReturnsSchema = z.array(withdrawalReturnSchema);

/** POST /orders/{id}/refund: the whole order unless an amount (cents) is given. */
export const refundRequestSchema = z.object({
  amount_cents: z
    .number({ message: 'Montant invalide.' })
    .int({ message: 'Montant en centimes attendu.' })
    .min(1, { message: 'Montant invalide.' })
    .max(10_000_000, { message: 'Montant invalide.' })
    .optional(),
});
export type RefundRequest = z.infer<typeof refundRequestSchema>;

/** What a refund answers, the first time and every time after (an order is refunded once). */
export const refundSchema = z.object({
  order_id: z.uuid(),
  order_number: z.string(),
  refund_id: z.string(),
  amount_cents: z.number().int(),
  refunded_at: z.string(),
});
export type Refund = z.infer<typeof refundSchema>;
