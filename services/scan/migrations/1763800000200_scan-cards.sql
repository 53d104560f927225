-- Up Migration
-- The finder's view of every minted bracelet, kept current from family's events so a finder's
-- page works while family is down. child/contact hold only what the parent lets a finder see.
CREATE TABLE scan_cards (
  bracelet_id text PRIMARY KEY,
  configured boolean NOT NULL DEFAULT false,
  parent_id uuid,
  parent_contact jsonb,
  child_id uuid,
  child jsonb,
  emergency_contact jsonb,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX scan_cards_child ON scan_cards (child_id) WHERE child_id IS NOT NULL;

-- Down Migration
DROP TABLE scan_cards;
