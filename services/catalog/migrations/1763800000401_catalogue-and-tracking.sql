-- Up Migration
-- The catalogue: products (prices in cents, tax included), their colours in order, and the
-- shop's own measures — pre-sale contacts, visits and cart events (kept only with consent, the
-- browser asks first; visits are deleted after 13 months).
ALTER TABLE products
  ADD COLUMN caracteristics jsonb NOT NULL DEFAULT '[]',
  -- 'corde' or 'argent': the two ranges the shop sells.
  ADD COLUMN product_range text NOT NULL DEFAULT 'corde' CHECK (product_range IN ('corde', 'argent')),
  ADD COLUMN active boolean NOT NULL DEFAULT true,
  ADD COLUMN position integer NOT NULL DEFAULT 0,
  ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();

CREATE TABLE colours (
  slug text PRIMARY KEY CHECK (slug ~ '^[a-z0-9-]{1,40}$'),
  name text NOT NULL,
  hex text NOT NULL CHECK (hex ~ '^#[0-9A-Fa-f]{6}$')
);

CREATE TABLE product_colours (
  product_code text NOT NULL REFERENCES products (code) ON DELETE CASCADE,
  colour_slug text NOT NULL REFERENCES colours (slug),
  position integer NOT NULL,
  PRIMARY KEY (product_code, colour_slug)
);

CREATE TABLE landing_contacts (
  id uuid PRIMARY KEY,
  email text NOT NULL,
  visit_id text,
  visitor_id text,
  source text,
  medium text,
  campaign text,
  referrer text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX landing_contacts_email ON landing_contacts (lower(email));

CREATE TABLE visits (
  visit_id text PRIMARY KEY,
  visitor_id text NOT NULL,
  source text,
  medium text,
  campaign text,
  referrer text,
  visited_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX visits_visited_at ON visits (visited_at);

CREATE TABLE cart_events (
  id uuid PRIMARY KEY,
  session_id text NOT NULL,
  status text NOT NULL,
  cart_items jsonb NOT NULL,
  occurred_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX cart_events_occurred_at ON cart_events (occurred_at);

-- Down Migration
DROP TABLE cart_events;
DROP TABLE visits;
DROP TABLE landing_contacts;
DROP TABLE product_colours;
DROP TABLE colours;
ALTER TABLE products DROP COLUMN updated_at, DROP COLUMN position, DROP COLUMN active, DROP COLUMN product_range, DROP COLUMN caracteristics;
