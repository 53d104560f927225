-- Up Migration
-- The shop's products; prices in cents, tax included.
CREATE TABLE products (
  code text PRIMARY KEY,
  slug text NOT NULL UNIQUE,
  name text NOT NULL,
  price_cents integer NOT NULL CHECK (price_cents > 0),
  short_description text NOT NULL DEFAULT '',
  description text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Down Migration
DROP TABLE products;
