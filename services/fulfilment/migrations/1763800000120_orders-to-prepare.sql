-- Up Migration
-- Paid orders as the warehouse sees them, from checkout's payment.succeeded: what to put in the
-- parcel and where it goes. Staff move them to_prepare → prepared → shipped (back office).
CREATE TABLE orders (
  -- Checkout's order id: a redelivered event finds its order already here.
  id uuid PRIMARY KEY,
  -- The number people read (back office, e-mails, the parcel).
  order_number text UNIQUE NOT NULL,
  status text NOT NULL DEFAULT 'to_prepare' CHECK (status IN ('to_prepare', 'prepared', 'shipped')),
  parent_id uuid,
  -- {email, firstName, lastName, phone}: whom the parcel is for.
  customer jsonb NOT NULL,
  -- [{code, productName, colour, colourName, quantity}], in the order's own order.
  lines jsonb NOT NULL,
  delivery_method text NOT NULL CHECK (delivery_method IN ('standard', 'express', 'relay')),
  carrier text NOT NULL,
  -- The home address (standard, express) or the chosen relay point: exactly one of them.
  shipping_address jsonb,
  relay_point jsonb,
  paid_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((delivery_method = 'relay') = (relay_point IS NOT NULL AND shipping_address IS NULL))
);
CREATE INDEX orders_to_prepare ON orders (created_at) WHERE status = 'to_prepare';

-- Down Migration
DROP TABLE orders;
