-- Up Migration
-- A batch of bracelet ids minted together (for printing QR sheets).
CREATE TABLE mint_batches (
  id uuid PRIMARY KEY,
  label text NOT NULL,
  size integer NOT NULL CHECK (size > 0),
  minted_at timestamptz NOT NULL DEFAULT now()
);

-- Every bracelet id that exists. An id not in this table was never minted.
CREATE TABLE bracelets (
  id text PRIMARY KEY CHECK (id ~ '^[0-9a-hjkmnp-tv-z]{20}$'),
  batch_id uuid NOT NULL REFERENCES mint_batches (id),
  minted_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX bracelets_batch ON bracelets (batch_id);

-- Down Migration
DROP TABLE bracelets;
DROP TABLE mint_batches;
