-- Up Migration
-- Preparing and shipping (back office): the bracelets staff put in each parcel, and the parcel's
-- tracking once it leaves.

-- A bracelet goes into one order, ever: the primary key is the database's guarantee that two
-- stations scanning the same bracelet into two orders cannot both succeed.
CREATE TABLE preparation_lines (
  bracelet_id text NOT NULL REFERENCES bracelets (id),
  order_id uuid NOT NULL REFERENCES orders (id),
  added_by uuid NOT NULL,
  added_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  CONSTRAINT one_order_per_bracelet PRIMARY KEY (bracelet_id)
);
CREATE INDEX preparation_lines_order ON preparation_lines (order_id, added_at);

ALTER TABLE orders
  -- Bracelets ordered, all lines together (what the preparation must reach).
  ADD COLUMN quantity integer,
  ADD COLUMN prepared_at timestamptz,
  ADD COLUMN prepared_by uuid,
  ADD COLUMN shipped_at timestamptz,
  ADD COLUMN shipped_by uuid,
  ADD COLUMN shipped_carrier text CHECK (shipped_carrier IN ('laposte', 'mondialrelay')),
  ADD COLUMN tracking_number text,
  ADD CONSTRAINT shipped_has_tracking CHECK ((status = 'shipped') = (tracking_number IS NOT NULL));

UPDATE orders SET quantity = (SELECT COALESCE(sum((line ->> 'quantity')::int), 0) FROM jsonb_array_elements(lines) AS line);

-- The back office's list: newest first, whole or by status, a page at a time.
CREATE INDEX orders_newest ON orders (created_at DESC, id DESC);
CREATE INDEX orders_by_status_newest ON orders (status, created_at DESC, id DESC);

-- Down Migration
DROP INDEX orders_by_status_newest;
DROP INDEX orders_newest;
ALTER TABLE orders
  DROP CONSTRAINT shipped_has_tracking,
  DROP COLUMN tracking_number,
  DROP COLUMN shipped_carrier,
  DROP COLUMN shipped_by,
  DROP COLUMN shipped_at,
  DROP COLUMN prepared_by,
  DROP COLUMN prepared_at,
  DROP COLUMN quantity;
DROP TABLE preparation_lines;
