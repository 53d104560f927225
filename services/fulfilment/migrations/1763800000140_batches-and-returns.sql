-- Up Migration
-- Minting from the back office, what became of each batch, withdrawals' returns and refunds.

-- Who minted a batch from the back office (null: `npm run mint`).
ALTER TABLE mint_batches ADD COLUMN minted_by uuid;
CREATE INDEX mint_batches_newest ON mint_batches (minted_at DESC, id DESC);

-- Whether a parent linked the bracelet to a child, from family's bracelet.associated and
-- bracelet.reset. `configured` is now; `first_configured_at` stays once set, because a bracelet
-- that was ever worn is never sold again. `configuration_changed_at` is the latest applied event's
-- time, so an older event arriving late (a retried job) changes nothing.
ALTER TABLE bracelets
  ADD COLUMN configured boolean NOT NULL DEFAULT false,
  ADD COLUMN first_configured_at timestamptz,
  ADD COLUMN configuration_changed_at timestamptz;

-- An order refunded (checkout's payment.refunded): the warehouse stops there.
ALTER TABLE orders ADD COLUMN refunded_at timestamptz;

-- Bracelets taken back out of a refunded order, never configured: back in stock, sellable again.
-- The order they had been in is kept here (its preparation line is gone, so another order may take them).
CREATE TABLE restocked_bracelets (
  bracelet_id text NOT NULL REFERENCES bracelets (id),
  order_id uuid NOT NULL,
  restocked_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (bracelet_id, order_id)
);

-- The back office follows a withdrawal to its end: parcel back, then refunded.
ALTER TABLE withdrawals
  ADD COLUMN return_received_at timestamptz,
  ADD COLUMN return_received_by uuid,
  ADD COLUMN refunded_at timestamptz,
  ADD COLUMN refunded_cents integer;
CREATE INDEX withdrawals_newest ON withdrawals (requested_at DESC, order_id);

-- Down Migration
DROP INDEX withdrawals_newest;
ALTER TABLE withdrawals
  DROP COLUMN refunded_cents, DROP COLUMN refunded_at, DROP COLUMN return_received_by, DROP COLUMN return_received_at;
DROP TABLE restocked_bracelets;
ALTER TABLE orders DROP COLUMN refunded_at;
ALTER TABLE bracelets DROP COLUMN configuration_changed_at, DROP COLUMN first_configured_at, DROP COLUMN configured;
DROP INDEX mint_batches_newest;
ALTER TABLE mint_batches DROP COLUMN minted_by;
