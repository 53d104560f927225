import { z } from 'zod';

/** An order as its buyer sees it (spec §3), in GET /get_orders_by_parent/{id}. */
export const buyerOrderSchema = z.object({
  id: z.uuid(),
  id_order: z.uuid(),
  status: z.string(),
  order_datetime: z.string(),
  contenu: z.array(z.object({ name: z.string(), color: z.string(), quantity: z.number().int() })),
  invoice_url: z.string().nullable(),
});
export type BuyerOrder = z.infer<typeof buyerOrderSchema>;
