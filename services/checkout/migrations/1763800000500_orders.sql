-- Up Migration
-- Orders as the buyer sees them. Payment and line details arrive with the checkout issue.
CREATE TABLE orders (
  id uuid PRIMARY KEY,
  parent_id uuid,
  status text NOT NULL DEFAULT 'to_prepare' CHECK (status IN ('to_prepare', 'prepared', 'shipped')),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX orders_parent ON orders (parent_id) WHERE parent_id IS NOT NULL;

-- Down Migration
DROP TABLE orders;
