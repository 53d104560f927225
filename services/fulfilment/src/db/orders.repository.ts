import type { EventOf } from '@bracelet/contracts';
import type { Queryable } from '@bracelet/service-kit';

export type OrderToPrepareStatus = 'to_prepare' | 'prepared' | 'shipped';

export type OrderToPrepare = {
  id: string;
  orderNumber: string;
  status: OrderToPrepareStatus;
  parentId: string | null;
  customer: { email: string; firstName: string; lastName: string; phone: string | null };
  lines: Array<{ code: string; productName: string; colour: string; colourName: string; quantity: number }>;
  delivery: EventOf<'payment.succeeded'>['delivery'];
  paidAt: Date;
  createdAt: Date;
};

type OrderRow = {
  id: string;
  order_number: string;
  status: OrderToPrepareStatus;
  parent_id: string | null;
  customer: OrderToPrepare['customer'];
  lines: OrderToPrepare['lines'];
  delivery_method: 'standard' | 'express' | 'relay';
  carrier: string;
  shipping_address: { address: string; postalCode: string; city: string; country: string } | null;
  relay_point: { id: string; name: string; address: string; postalCode: string; city: string; country: string } | null;
  paid_at: Date;
  created_at: Date;
};

function deliveryOf(row: OrderRow): OrderToPrepare['delivery'] {
  if (row.delivery_method === 'relay' && row.relay_point) return { method: 'relay', carrier: 'mondialrelay', relayPoint: row.relay_point };
  return {
    method: row.delivery_method === 'express' ? 'express' : 'standard',
    carrier: 'laposte',
    address: row.shipping_address ?? { address: '', postalCode: '', city: '', country: '' },
  };
}

/** The warehouse's orders: recorded once when paid, then moved along by staff. */
export function createOrderRepository(db: Queryable) {
  return {
    /** Records a paid order to prepare; answers false if it was already there (a redelivered event). */
    async recordPaid(payment: EventOf<'payment.succeeded'>): Promise<boolean> {
      const { delivery, customer } = payment;
      const { rowCount } = await db.query(
        `INSERT INTO orders (id, order_number, status, parent_id, customer, lines, delivery_method, carrier, shipping_address, relay_point, paid_at, quantity)
         VALUES ($1, $2, 'to_prepare', $3, $4, $5, $6, $7, $8, $9, $10, $11)
         ON CONFLICT (id) DO NOTHING`,
        [
          payment.orderId,
          payment.orderNumber,
          payment.parentId,
          JSON.stringify({ email: customer.email, firstName: customer.firstName, lastName: customer.lastName, phone: customer.phone }),
          JSON.stringify(
            payment.lines.map((line) => ({
              code: line.code,
              productName: line.productName,
              colour: line.color,
              colourName: line.colourName,
              quantity: line.quantity,
            })),
          ),
          delivery.method,
          delivery.carrier,
          delivery.method === 'relay' ? null : JSON.stringify(delivery.address),
          delivery.method === 'relay' ? JSON.stringify(delivery.relayPoint) : null,
          payment.paidAt,
          payment.lines.reduce((sum, line) => sum + line.quantity, 0),
        ],
      );
      return rowCount === 1;
    },

    async findById(id: string): Promise<OrderToPrepare | undefined> {
      const { rows } = await db.query<OrderRow>(
        `SELECT id, order_number, status, parent_id, customer, lines, delivery_method, carrier, shipping_address, relay_point, paid_at, created_at
         FROM orders WHERE id = $1`,
        [id],
      );
      const row = rows[0];
      if (!row) return undefined;
      return {
        id: row.id,
        orderNumber: row.order_number,
        status: row.status,
        parentId: row.parent_id,
        customer: row.customer,
        lines: row.lines,
        delivery: deliveryOf(row),
        paidAt: row.paid_at,
        createdAt: row.created_at,
      };
    },
  };
}
