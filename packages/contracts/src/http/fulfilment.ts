import { z } from 'zod';

/*
 * The back office's calls to fulfilment (spec §7: GET /orders, POST /orders/{id}/status,
 * POST /orders/{orderId}/add_bracelet), staff only. Answers keep the spec's field names
 * (id_order, address, postal_code, city, shipment_id, status) and add what the pages show.
 */

/** The three statuses of an order in the warehouse (spec §4). */
export const shippingStatuses = ['to_prepare', 'prepared', 'shipped'] as const;
export type ShippingStatus = (typeof shippingStatuses)[number];

/** Orders per page of GET /orders. */
export const ORDERS_PAGE_SIZE = 20;

/** GET /orders?status=&q=&page=: filter by status, search by order number, page from 1. */
export const ordersQuerySchema = z.object({
  status: z.enum(shippingStatuses, { message: 'Statut inconnu.' }).optional(),
  q: z.string().trim().max(40, { message: '40 caractères au plus.' }).optional(),
  page: z.coerce
    .number({ message: 'Numéro de page invalide.' })
    .int({ message: 'Numéro de page invalide.' })
    .min(1, { message: 'Numéro de page invalide.' })
    .max(100_000, { message: 'Numéro de page invalide.' })
    .default(1),
});
export type OrdersQuery = z.infer<typeof ordersQuerySchema>;

/** The carriers an order can leave with: La Poste (Colissimo, home) or Mondial Relay (relay point). */
export const carriers = ['laposte', 'mondialrelay'] as const;
export type Carrier = (typeof carriers)[number];

/** One order in the 'Commandes à expédier' table (spec §3, "Order (back office)"). */
export const shippingOrderSchema = z.object({
  id: z.uuid(),
  /** The spec's name for the id the status and preparation calls take. */
  id_order: z.uuid(),
  /** The number people read: the table's ID column. */
  order_number: z.string(),
  status: z.enum(shippingStatuses),
  /** Home address, or the relay point's. */
  address: z.string(),
  postal_code: z.string(),
  city: z.string(),
  /** The relay point's name when the parcel goes to one. */
  relay_point: z.string().nullable(),
  delivery_method: z.enum(['standard', 'express', 'relay']),
  carrier: z.enum(carriers),
  /** The carrier's tracking number once shipped. */
  shipment_id: z.string().nullable(),
  customer_name: z.string(),
  /** Bracelets ordered, all lines together. */
  quantity: z.number().int(),
  paid_at: z.string(),
});
export type ShippingOrder = z.infer<typeof shippingOrderSchema>;

/** GET /orders answers the spec's list; the page's place is in headers (x-total-count, x-page, x-page-size). */
export const shippingOrdersSchema = z.array(shippingOrderSchema);

/** GET /orders/{id}: what the preparation page shows. */
export const preparationSchema = shippingOrderSchema.extend({
  lines: z.array(
    z.object({ code: z.string(), product_name: z.string(), colour: z.string(), colour_name: z.string(), quantity: z.number().int() }),
  ),
  /** The bracelets already put in the parcel, first added first. */
  bracelets: z.array(z.object({ id: z.string(), added_at: z.string() })),
});
export type Preparation = z.infer<typeof preparationSchema>;

/** POST /orders/{id}/status. */
export const orderStatusChangeSchema = z.object({
  status: z.enum(['prepared', 'shipped'], { message: 'Statut attendu : prepared ou shipped.' }),
  /** The carrier of a shipped parcel; the order's own when absent. */
  carrier: z.enum(carriers, { message: 'Transporteur inconnu.' }).optional(),
  /** Required for shipped: the carrier's tracking number. */
  tracking_number: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9-]{6,40}$/, { message: 'Numéro de suivi invalide (6 à 40 lettres ou chiffres).' })
    .optional(),
});
export type OrderStatusChange = z.infer<typeof orderStatusChangeSchema>;

/** POST /orders/{orderId}/add_bracelet: a bare id, or the scan URL the QR code encodes. */
export const addBraceletSchema = z.object({
  bracelet_id: z.string().trim().min(1, { message: 'Scannez ou saisissez un bracelet.' }).max(300, { message: 'Code trop long.' }),
});
export type AddBracelet = z.infer<typeof addBraceletSchema>;
