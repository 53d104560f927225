-- Up Migration
-- The child's card photo, served to finders under an unguessable id that changes with the photo.
ALTER TABLE scan_cards ADD COLUMN child_photo bytea, ADD COLUMN child_photo_id text UNIQUE;

-- Down Migration
ALTER TABLE scan_cards DROP COLUMN child_photo, DROP COLUMN child_photo_id;
