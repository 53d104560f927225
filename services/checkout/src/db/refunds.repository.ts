import type { Queryable } from '@bracelet/service-kit';
import type { OrderStatus } from './orders.repository.js';

/** A refund checkout recorded. */
export type RecordedRefund = { refundId: string; amountCents: number; refundedAt: Date };

/** An order as a refund needs it. */
export type RefundableOrder = {
  id: string;
  orderNumber: string;
  status: OrderStatus;
  parentId: string | null;
  customer: { email: string; firstName: string };
  totalCents: number;
  paymentIntentId: string | null;
  paidAt: Date | null;
  refund: RecordedRefund | null;
};

type Row = {
  id: string;
  order_number: string;
  status: OrderStatus;
  parent_id: string | null;
  customer: { email: string; firstName: string } | null;
  total_cents: number | null;
  payment_intent_id: string | null;
  paid_at: Date | null;
  refund_id: string | null;
  refunded_cents: number | null;
  refunded_at: Date | null;
};

const toOrder = (row: Row): RefundableOrder => ({
  id: row.id,
  orderNumber: row.order_number,
  status: row.status,
  parentId: row.parent_id,
  customer: { email: row.customer?.email ?? '', firstName: row.customer?.firstName ?? '' },
  totalCents: row.total_cents ?? 0,
  paymentIntentId: row.payment_intent_id,
  paidAt: row.paid_at,
  refund:
    row.refund_id && row.refunded_cents !== null && row.refunded_at
      ? { refundId: row.refund_id, amountCents: row.refunded_cents, refundedAt: row.refunded_at }
      : null,
});

const COLUMNS =
  'id, order_number, status, parent_id, customer, total_cents, payment_intent_id, paid_at, refund_id, refunded_cents, refunded_at';

/** Orders' refunds: at most one per order, recorded with the event that announces it. */
export function createRefundRepository(db: Queryable) {
  return {
    async find(orderId: string): Promise<RefundableOrder | undefined> {
      const { rows } = await db.query<Row>(`SELECT ${COLUMNS} FROM orders WHERE id = $1`, [orderId]);
      return rows[0] ? toOrder(rows[0]) : undefined;
    },

    /** The order a PaymentIntent paid (a refund made outside the back office names only that). */
    async findIdByPaymentIntent(paymentIntentId: string): Promise<string | undefined> {
      const { rows } = await db.query<{ id: string }>('SELECT id FROM orders WHERE payment_intent_id = $1', [paymentIntentId]);
      return rows[0]?.id;
    },

    async lock(orderId: string): Promise<RefundableOrder | undefined> {
      const { rows } = await db.query<Row>(`SELECT ${COLUMNS} FROM orders WHERE id = $1 FOR UPDATE`, [orderId]);
      return rows[0] ? toOrder(rows[0]) : undefined;
    },

    async setRefundedBy(orderId: string, staffId: string): Promise<void> {
      await db.query('UPDATE orders SET refunded_by = $2 WHERE id = $1 AND refunded_by IS NULL', [orderId, staffId]);
    },

    async record(orderId: string, refund: RecordedRefund & { staffId: string | null }): Promise<void> {
      await db.query('UPDATE orders SET refund_id = $2, refunded_cents = $3, refunded_at = $4, refunded_by = $5 WHERE id = $1', [
        orderId,
        refund.refundId,
        refund.amountCents,
        refund.refundedAt,
        refund.staffId,
      ]);
    },
  };
}
