-- Up Migration
-- The withdrawal button (EU directive 2023/2673): a buyer says they withdraw from the contract; the
-- order shows when, and each request is kept as the trader's record of it.
ALTER TABLE orders ADD COLUMN withdrawal_requested_at timestamptz;

CREATE TABLE withdrawal_requests (
  id uuid PRIMARY KEY,
  order_id uuid NOT NULL REFERENCES orders (id),
  -- As the buyer typed it in the form.
  name text NOT NULL,
  requested_at timestamptz NOT NULL DEFAULT now(),
  -- Within the period: the withdrawal stands; after it: refused as late, and the buyer told so.
  accepted boolean NOT NULL
);
CREATE INDEX withdrawal_requests_order ON withdrawal_requests (order_id);

-- Down Migration
DROP TABLE withdrawal_requests;
ALTER TABLE orders DROP COLUMN withdrawal_requested_at;
