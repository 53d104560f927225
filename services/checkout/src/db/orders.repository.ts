import type { Queryable } from '@bracelet/service-kit';
import type { Delivery, PricedLine } from '../pricing.js';

export type BuyerOrder = {
  id: string;
  orderNumber: string;
  status: string;
  createdAt: Date;
  lines: Array<{ name: string; color: string; quantity: number }>;
  /** Null while it has no invoice (a payment that did not match its order). */
  invoiceNumber: string | null;
  /** When the buyer withdrew from it (the withdrawal button), if they did. */
  withdrawalRequestedAt: Date | null;
  /** When it was refunded, and how much, if it was. */
  refundedAt: Date | null;
  refundedCents: number | null;
};

export type OrderStatus = 'awaiting_payment' | 'payment_mismatch' | 'paid' | 'prepared' | 'shipped';

export type Customer = {
  email: string;
  firstName: string;
  lastName: string;
  phone: string | null;
  address: string;
  postalCode: string;
  city: string;
  country: string;
};
export type PostalAddress = { address: string; postalCode: string; city: string; country: string };
export type RelayPoint = { id: string; name: string; address: string; postalCode: string; city: string; country: string };

export type NewOrder = {
  id: string;
  parentId: string | null;
  customer: Customer;
  delivery: Delivery;
  shippingAddress: PostalAddress | null;
  relayPoint: RelayPoint | null;
  lines: PricedLine[];
  goodsCents: number;
  shippingCents: number;
  totalCents: number;
};

export type StoredOrder = Omit<NewOrder, 'lines'> & {
  orderNumber: string;
  status: OrderStatus;
  currency: string;
  paymentIntentId: string | null;
  clientSecretHash: string | null;
  lastPaymentError: string | null;
  invoiceNumber: string | null;
  paidAt: Date | null;
  createdAt: Date;
};

type OrderRow = {
  id: string;
  parent_id: string | null;
  order_number: string;
  status: OrderStatus;
  customer: Customer;
  delivery_method: Delivery;
  shipping_address: PostalAddress | null;
  relay_point: RelayPoint | null;
  goods_cents: number;
  shipping_cents: number;
  total_cents: number;
  currency: string;
  payment_intent_id: string | null;
  client_secret_hash: string | null;
  last_payment_error: string | null;
  invoice_number: string | null;
  paid_at: Date | null;
  created_at: Date;
};

const orderOf = (row: OrderRow): StoredOrder => ({
  id: row.id,
  parentId: row.parent_id,
  orderNumber: row.order_number,
  status: row.status,
  customer: row.customer,
  delivery: row.delivery_method,
  shippingAddress: row.shipping_address,
  relayPoint: row.relay_point,
  goodsCents: row.goods_cents,
  shippingCents: row.shipping_cents,
  totalCents: row.total_cents,
  currency: row.currency,
  paymentIntentId: row.payment_intent_id,
  clientSecretHash: row.client_secret_hash,
  lastPaymentError: row.last_payment_error,
  invoiceNumber: row.invoice_number,
  paidAt: row.paid_at,
  createdAt: row.created_at,
});

const COLUMNS = `id, parent_id, order_number, status, customer, delivery_method, shipping_address, relay_point, goods_cents,
  shipping_cents, total_cents, currency, payment_intent_id, client_secret_hash, last_payment_error, invoice_number, paid_at, created_at`;

/** Checkout's orders: placed unpaid, paid only by the webhook's use case. */
export function createOrderRepository(db: Queryable) {
  return {
    /** Stores an order awaiting payment with its lines; answers its number. */
    async insert(order: NewOrder): Promise<string> {
      const { rows } = await db.query<{ order_number: string }>(
        `INSERT INTO orders (id, parent_id, status, customer, delivery_method, shipping_address, relay_point, goods_cents, shipping_cents, total_cents)
         VALUES ($1, $2, 'awaiting_payment', $3, $4, $5, $6, $7, $8, $9) RETURNING order_number`,
        [
          order.id,
          order.parentId,
          JSON.stringify(order.customer),
          order.delivery,
          order.shippingAddress ? JSON.stringify(order.shippingAddress) : null,
          order.relayPoint ? JSON.stringify(order.relayPoint) : null,
          order.goodsCents,
          order.shippingCents,
          order.totalCents,
        ],
      );
      await db.query(
        `INSERT INTO order_lines (order_id, position, code, product_name, colour_slug, colour_name, quantity, unit_price_cents, total_cents)
         SELECT $1, position, code, product_name, colour_slug, colour_name, quantity, unit_price_cents, total_cents
         FROM jsonb_to_recordset($2::jsonb) AS line(position smallint, code text, product_name text, colour_slug text, colour_name text,
           quantity integer, unit_price_cents integer, total_cents integer)`,
        [
          order.id,
          JSON.stringify(
            order.lines.map((line, position) => ({
              position,
              code: line.code,
              product_name: line.productName,
              colour_slug: line.colourSlug,
              colour_name: line.colourName,
              quantity: line.quantity,
              unit_price_cents: line.unitPriceCents,
              total_cents: line.totalCents,
            })),
          ),
        ],
      );
      return (rows[0] as { order_number: string }).order_number;
    },

    async attachPaymentIntent(orderId: string, paymentIntentId: string, clientSecretHash: string): Promise<void> {
      await db.query('UPDATE orders SET payment_intent_id = $2, client_secret_hash = $3 WHERE id = $1', [
        orderId,
        paymentIntentId,
        clientSecretHash,
      ]);
    },

    async findById(id: string): Promise<StoredOrder | undefined> {
      const { rows } = await db.query<OrderRow>(`SELECT ${COLUMNS} FROM orders WHERE id = $1`, [id]);
      return rows[0] ? orderOf(rows[0]) : undefined;
    },

    async findByPaymentIntent(paymentIntentId: string): Promise<StoredOrder | undefined> {
      const { rows } = await db.query<OrderRow>(`SELECT ${COLUMNS} FROM orders WHERE payment_intent_id = $1`, [paymentIntentId]);
      return rows[0] ? orderOf(rows[0]) : undefined;
    },

    /** The order, locked until the transaction ends: webhooks about one order are applied one at a time. */
    async lockById(id: string): Promise<StoredOrder | undefined> {
      const { rows } = await db.query<OrderRow>(`SELECT ${COLUMNS} FROM orders WHERE id = $1 FOR UPDATE`, [id]);
      return rows[0] ? orderOf(rows[0]) : undefined;
    },

    async linesOf(orderId: string): Promise<PricedLine[]> {
      const { rows } = await db.query<{
        code: string;
        product_name: string;
        colour_slug: string;
        colour_name: string;
        quantity: number;
        unit_price_cents: number;
        total_cents: number;
      }>(
        `SELECT code, product_name, colour_slug, colour_name, quantity, unit_price_cents, total_cents
         FROM order_lines WHERE order_id = $1 ORDER BY position`,
        [orderId],
      );
      return rows.map((row) => ({
        code: row.code,
        productName: row.product_name,
        colourSlug: row.colour_slug,
        colourName: row.colour_name,
        quantity: row.quantity,
        unitPriceCents: row.unit_price_cents,
        totalCents: row.total_cents,
      }));
    },

    async markPaid(orderId: string, { invoiceNumber, paidAt }: { invoiceNumber: string; paidAt: Date }): Promise<void> {
      await db.query("UPDATE orders SET status = 'paid', invoice_number = $2, paid_at = $3, last_payment_error = NULL WHERE id = $1", [
        orderId,
        invoiceNumber,
        paidAt,
      ]);
    },

    async flagMismatch(orderId: string, received: { amountCents: number; currency: string }): Promise<void> {
      await db.query("UPDATE orders SET status = 'payment_mismatch', received_amount_cents = $2, received_currency = $3 WHERE id = $1", [
        orderId,
        received.amountCents,
        received.currency,
      ]);
    },

    async recordPaymentError(orderId: string, message: string): Promise<void> {
      await db.query("UPDATE orders SET last_payment_error = $2 WHERE id = $1 AND status = 'awaiting_payment'", [orderId, message]);
    },

    /** A parent's orders, once paid (an unpaid attempt is not an order to them). */
    async listByParent(parentId: string): Promise<BuyerOrder[]> {
      const { rows } = await db.query<{
        id: string;
        order_number: string;
        status: string;
        created_at: Date;
        lines: BuyerOrder['lines'] | null;
        invoice_number: string | null;
        withdrawal_requested_at: Date | null;
        refunded_at: Date | null;
        refunded_cents: number | null;
      }>(
        `SELECT o.id, o.order_number, o.status, COALESCE(o.paid_at, o.created_at) AS created_at, o.invoice_number, o.withdrawal_requested_at, o.refunded_at, o.refunded_cents,
           (SELECT jsonb_agg(jsonb_build_object('name', l.product_name, 'color', l.colour_name, 'quantity', l.quantity) ORDER BY l.position)
            FROM order_lines l WHERE l.order_id = o.id) AS lines
         FROM orders o WHERE o.parent_id = $1 AND o.status <> 'awaiting_payment' ORDER BY created_at DESC`,
        [parentId],
      );
      return rows.map((row) => ({
        id: row.id,
        orderNumber: row.order_number,
        status: row.status,
        createdAt: row.created_at,
        lines: row.lines ?? [],
        invoiceNumber: row.invoice_number,
        withdrawalRequestedAt: row.withdrawal_requested_at,
        refundedAt: row.refunded_at,
        refundedCents: row.refunded_cents,
      }));
    },
  };
}
