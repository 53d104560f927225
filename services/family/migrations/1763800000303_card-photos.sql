-- Up Migration
-- A small WebP of each photo for the finder's card (sent to scan inside events).
ALTER TABLE photos ADD COLUMN card_content bytea;

-- Down Migration
ALTER TABLE photos DROP COLUMN card_content;
