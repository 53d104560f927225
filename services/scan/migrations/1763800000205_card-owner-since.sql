-- Up Migration
-- Whose history a bracelet's scans and positions are. A bracelet reset by one family and linked
-- by another must not show the new family where the previous family's child was: the history
-- starts when the bracelet's current owner first linked it (a reset and relink by the same parent
-- keeps their history). Not cleared by a reset.
ALTER TABLE scan_cards ADD COLUMN owner_parent_id uuid, ADD COLUMN owner_since timestamptz;
UPDATE scan_cards SET owner_parent_id = parent_id, owner_since = '1970-01-01T00:00:00Z' WHERE parent_id IS NOT NULL;

-- Down Migration
ALTER TABLE scan_cards DROP COLUMN owner_parent_id, DROP COLUMN owner_since;
