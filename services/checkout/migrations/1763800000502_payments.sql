-- Up Migration
-- Orders placed through POST /create-payment-intent: priced by the server, paid only when Stripe's
-- webhook says so (issue 11). Orders from before (none were sold) keep nullable columns.
ALTER TABLE orders DROP CONSTRAINT orders_status_check;
UPDATE orders SET status = 'paid' WHERE status = 'to_prepare';
ALTER TABLE orders
  ALTER COLUMN status SET DEFAULT 'awaiting_payment',
  ADD CONSTRAINT orders_status_check
    CHECK (status IN ('awaiting_payment', 'payment_mismatch', 'paid', 'prepared', 'shipped'));

-- The number people read; a sequence may leave gaps here (invoices have their own gap-free counter).
CREATE SEQUENCE order_numbers START 1001;
ALTER TABLE orders
  ADD COLUMN order_number text UNIQUE NOT NULL DEFAULT 'BQ-' || lpad(nextval('order_numbers')::text, 6, '0'),
  ADD COLUMN customer jsonb,
  ADD COLUMN delivery_method text CHECK (delivery_method IN ('standard', 'express', 'relay')),
  -- The home address for laposte, the chosen point for mondialrelay.
  ADD COLUMN shipping_address jsonb,
  ADD COLUMN relay_point jsonb,
  ADD COLUMN goods_cents integer CHECK (goods_cents >= 0),
  ADD COLUMN shipping_cents integer CHECK (shipping_cents >= 0),
  ADD COLUMN total_cents integer CHECK (total_cents >= 0),
  ADD COLUMN currency text NOT NULL DEFAULT 'eur',
  ADD COLUMN payment_intent_id text UNIQUE,
  -- A guest proves the order is theirs with the PaymentIntent's client secret; only its hash is kept.
  ADD COLUMN client_secret_hash text,
  ADD COLUMN last_payment_error text,
  -- What Stripe reported when it did not match the order (payment_mismatch, for staff).
  ADD COLUMN received_amount_cents integer,
  ADD COLUMN received_currency text,
  ADD COLUMN paid_at timestamptz,
  ADD COLUMN invoice_number text UNIQUE;

CREATE TABLE order_lines (
  order_id uuid NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  position smallint NOT NULL,
  code text NOT NULL,
  product_name text NOT NULL,
  colour_slug text NOT NULL,
  colour_name text NOT NULL,
  quantity integer NOT NULL CHECK (quantity BETWEEN 1 AND 20),
  unit_price_cents integer NOT NULL CHECK (unit_price_cents >= 0),
  total_cents integer NOT NULL CHECK (total_cents >= 0),
  PRIMARY KEY (order_id, position)
);

-- Every Stripe event received, once: a redelivery stops at its id.
CREATE TABLE stripe_events (
  id text PRIMARY KEY,
  type text NOT NULL,
  payment_intent_id text,
  -- What it did: paid, mismatch, declined, ignored (already settled, unknown order, other types).
  outcome text NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX stripe_events_intent ON stripe_events (payment_intent_id);

-- Invoice numbers must follow each other without a gap (French invoicing rules): one counter row
-- per series, taken under a row lock in the transaction that marks the order paid. A sequence
-- would leave a gap whenever that transaction rolled back.
CREATE TABLE invoice_counters (
  series text PRIMARY KEY,
  last_number integer NOT NULL CHECK (last_number >= 0)
);

-- Down Migration
DROP TABLE invoice_counters;
DROP TABLE stripe_events;
DROP TABLE order_lines;
ALTER TABLE orders
  DROP COLUMN order_number, DROP COLUMN customer, DROP COLUMN delivery_method, DROP COLUMN shipping_address,
  DROP COLUMN relay_point, DROP COLUMN goods_cents, DROP COLUMN shipping_cents, DROP COLUMN total_cents,
  DROP COLUMN currency, DROP COLUMN payment_intent_id, DROP COLUMN client_secret_hash, DROP COLUMN last_payment_error,
  DROP COLUMN received_amount_cents, DROP COLUMN received_currency, DROP COLUMN paid_at, DROP COLUMN invoice_number;
DROP SEQUENCE order_numbers;
ALTER TABLE orders DROP CONSTRAINT orders_status_check;
UPDATE orders SET status = 'to_prepare' WHERE status IN ('awaiting_payment', 'payment_mismatch', 'paid');
ALTER TABLE orders
  ALTER COLUMN status SET DEFAULT 'to_prepare',
  ADD CONSTRAINT orders_status_check CHECK (status IN ('to_prepare', 'prepared', 'shipped'));
