-- Up Migration
-- Withdrawals the buyers made (checkout's order.withdrawal_requested): the back office expects
-- their return and refunds them. One row per order, whatever the number of redeliveries.
CREATE TABLE withdrawals (
  order_id uuid PRIMARY KEY,
  order_number text NOT NULL,
  requested_at timestamptz NOT NULL,
  accepted boolean NOT NULL,
  recorded_at timestamptz NOT NULL DEFAULT now()
);

-- Down Migration
DROP TABLE withdrawals;
