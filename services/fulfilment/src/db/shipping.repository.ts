import type { Queryable } from '@bracelet/service-kit';

export type ShippingStatus = 'to_prepare' | 'prepared' | 'shipped';
export type Carrier = 'laposte' | 'mondialrelay';

/** An order as the back office handles it: where it goes, how many bracelets, how far along. */
export type ShippingOrder = {
  id: string;
  orderNumber: string;
  status: ShippingStatus;
  parentId: string | null;
  customer: { email: string; firstName: string; lastName: string; phone: string | null };
  lines: Array<{ code: string; productName: string; colour: string; colourName: string; quantity: number }>;
  deliveryMethod: 'standard' | 'express' | 'relay';
  carrier: Carrier;
  /** Home address or relay point, as the parcel's label reads. */
  destination: { address: string; postalCode: string; city: string; relayPoint: string | null };
  quantity: number;
  trackingNumber: string | null;
  shippedCarrier: Carrier | null;
  paidAt: Date;
  createdAt: Date;
};

type Row = {
  id: string;
  order_number: string;
  status: ShippingStatus;
  parent_id: string | null;
  customer: ShippingOrder['customer'];
  lines: ShippingOrder['lines'];
  delivery_method: ShippingOrder['deliveryMethod'];
  carrier: Carrier;
  shipping_address: { address: string; postalCode: string; city: string } | null;
  relay_point: { name: string; address: string; postalCode: string; city: string } | null;
  quantity: number | null;
  tracking_number: string | null;
  shipped_carrier: Carrier | null;
  paid_at: Date;
  created_at: Date;
};

const COLUMNS = `id, order_number, status, parent_id, customer, lines, delivery_method, carrier, shipping_address, relay_point,
  quantity, tracking_number, shipped_carrier, paid_at, created_at`;

const toOrder = (row: Row): ShippingOrder => {
  const place = row.relay_point ?? row.shipping_address;
  return {
    id: row.id,
    orderNumber: row.order_number,
    status: row.status,
    parentId: row.parent_id,
    customer: row.customer,
    lines: row.lines,
    deliveryMethod: row.delivery_method,
    carrier: row.carrier,
    destination: {
      address: place?.address ?? '',
      postalCode: place?.postalCode ?? '',
      city: place?.city ?? '',
      relayPoint: row.relay_point?.name ?? null,
    },
    quantity: row.quantity ?? row.lines.reduce((sum, line) => sum + line.quantity, 0),
    trackingNumber: row.tracking_number,
    shippedCarrier: row.shipped_carrier,
    paidAt: row.paid_at,
    createdAt: row.created_at,
  };
};

/** `LIKE` pattern matching `text` anywhere, its wildcards taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;

export class BraceletAlreadyInAnOrderError extends Error {}

/** The back office's side of fulfilment's orders: the list, one order, its bracelets, its moves. */
export function createShippingRepository(db: Queryable) {
  return {
    /** A page of orders, newest first, with how many match in all. */
    async list({
      status,
      q,
      page,
      pageSize,
    }: {
      status?: ShippingStatus | undefined;
      q?: string | undefined;
      page: number;
      pageSize: number;
    }) {
      const conditions: string[] = [];
      const values: unknown[] = [];
      if (status) {
        values.push(status);
        conditions.push(`status = $${values.length}`);
      }
      if (q) {
        values.push(containing(q.toUpperCase()));
        conditions.push(`order_number LIKE $${values.length}`);
      }
      const where = conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '';
      const [{ rows }, counted] = await Promise.all([
        db.query<Row>(
          `SELECT ${COLUMNS} FROM orders ${where} ORDER BY created_at DESC, id DESC LIMIT $${values.length + 1} OFFSET $${values.length + 2}`,
          [...values, pageSize, (page - 1) * pageSize],
        ),
        db.query<{ total: number }>(`SELECT count(*)::int AS total FROM orders ${where}`, values),
      ]);
      return { orders: rows.map(toOrder), total: counted.rows[0]?.total ?? 0 };
    },

    async find(id: string): Promise<ShippingOrder | undefined> {
      const { rows } = await db.query<Row>(`SELECT ${COLUMNS} FROM orders WHERE id = $1`, [id]);
      return rows[0] ? toOrder(rows[0]) : undefined;
    },

    /** The order, locked until the transaction ends: one change at a time per order. */
    async lock(id: string): Promise<ShippingOrder | undefined> {
      const { rows } = await db.query<Row>(`SELECT ${COLUMNS} FROM orders WHERE id = $1 FOR UPDATE`, [id]);
      return rows[0] ? toOrder(rows[0]) : undefined;
    },

    /** The bracelets put in an order, first added first. */
    async braceletsOf(orderId: string): Promise<Array<{ id: string; addedAt: Date }>> {
      const { rows } = await db.query<{ bracelet_id: string; added_at: Date }>(
        'SELECT bracelet_id, added_at FROM preparation_lines WHERE order_id = $1 ORDER BY added_at, bracelet_id',
        [orderId],
      );
      return rows.map((row) => ({ id: row.bracelet_id, addedAt: row.added_at }));
    },

    async isMinted(braceletId: string): Promise<boolean> {
      const { rowCount } = await db.query('SELECT 1 FROM bracelets WHERE id = $1', [braceletId]);
      return rowCount === 1;
    },

    /** When checkout refunded the order (payment.refunded), if it did: a refunded order is neither prepared nor shipped. */
    async refundedAt(orderId: string): Promise<Date | null> {
      const { rows } = await db.query<{ refunded_at: Date | null }>('SELECT refunded_at FROM orders WHERE id = $1', [orderId]);
      return rows[0]?.refunded_at ?? null;
    },

    /** Whether a family ever configured the bracelet (such a bracelet is never sold to anyone else). */
    async wasEverConfigured(braceletId: string): Promise<boolean> {
      const { rows } = await db.query<{ configured: boolean }>(
        'SELECT (configured OR first_configured_at IS NOT NULL) AS configured FROM bracelets WHERE id = $1',
        [braceletId],
      );
      return rows[0]?.configured ?? false;
    },

    /** The order a bracelet was put in, if any (a bracelet is sold once, ever). */
    async orderOfBracelet(braceletId: string): Promise<{ orderId: string; orderNumber: string } | undefined> {
      const { rows } = await db.query<{ order_id: string; order_number: string }>(
        `SELECT l.order_id, o.order_number FROM preparation_lines l JOIN orders o ON o.id = l.order_id WHERE l.bracelet_id = $1`,
        [braceletId],
      );
      return rows[0] ? { orderId: rows[0].order_id, orderNumber: rows[0].order_number } : undefined;
    },

    /** Puts a bracelet in an order; BraceletAlreadyInAnOrderError if another order took it first. */
    async addBracelet(orderId: string, braceletId: string, staffId: string): Promise<void> {
      try {
        await db.query('INSERT INTO preparation_lines (bracelet_id, order_id, added_by) VALUES ($1, $2, $3)', [
          braceletId,
          orderId,
          staffId,
        ]);
      } catch (error) {
        if ((error as { code?: string }).code === '23505') throw new BraceletAlreadyInAnOrderError(braceletId);
        throw error;
      }
    },

    async removeBracelet(orderId: string, braceletId: string): Promise<boolean> {
      const { rowCount } = await db.query('DELETE FROM preparation_lines WHERE order_id = $1 AND bracelet_id = $2', [orderId, braceletId]);
      return rowCount === 1;
    },

    async markPrepared(id: string, staffId: string): Promise<void> {
      await db.query("UPDATE orders SET status = 'prepared', prepared_at = now(), prepared_by = $2 WHERE id = $1", [id, staffId]);
    },

    async markShipped(id: string, shipment: { staffId: string; carrier: Carrier; trackingNumber: string }): Promise<void> {
      await db.query(
        "UPDATE orders SET status = 'shipped', shipped_at = now(), shipped_by = $2, shipped_carrier = $3, tracking_number = $4 WHERE id = $1",
        [id, shipment.staffId, shipment.carrier, shipment.trackingNumber],
      );
    },
  };
}
export type ShippingRepository = ReturnType<typeof createShippingRepository>;
