-- Up Migration
-- Refunds staff make from the back office (after a withdrawal, mostly): one per order, through
-- the payment provider. Set in the transaction that writes payment.refunded.
ALTER TABLE orders
  ADD COLUMN refund_id text UNIQUE,
  ADD COLUMN refunded_cents integer CHECK (refunded_cents > 0),
  ADD COLUMN refunded_at timestamptz,
  ADD COLUMN refunded_by uuid,
  ADD CONSTRAINT refund_complete CHECK ((refund_id IS NULL) = (refunded_at IS NULL) AND (refund_id IS NULL) = (refunded_cents IS NULL));

-- Down Migration
ALTER TABLE orders
  DROP CONSTRAINT refund_complete,
  DROP COLUMN refunded_by,
  DROP COLUMN refunded_at,
  DROP COLUMN refunded_cents,
  DROP COLUMN refund_id;
