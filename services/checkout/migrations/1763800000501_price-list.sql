-- Up Migration
-- The prices checkout charges, kept from catalog's product.updated events (checkout never asks
-- catalog). An older event never overwrites a newer one.
CREATE TABLE price_list (
  code text PRIMARY KEY,
  product_name text NOT NULL,
  unit_price_cents integer NOT NULL CHECK (unit_price_cents > 0),
  -- [{slug, name}], in the shop's order.
  colours jsonb NOT NULL,
  active boolean NOT NULL,
  announced_at timestamptz NOT NULL
);

-- Down Migration
DROP TABLE price_list;
