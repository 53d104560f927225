-- Up Migration
-- Product pictures, drawn by catalog and encoded on first request in each width and format, then
-- kept here: the next request (and every replica) serves the stored bytes.
CREATE TABLE product_pictures (
  version text NOT NULL,
  product_code text NOT NULL REFERENCES products (code) ON DELETE CASCADE,
  colour_slug text NOT NULL REFERENCES colours (slug),
  position integer NOT NULL CHECK (position BETWEEN 1 AND 10),
  width integer NOT NULL,
  format text NOT NULL CHECK (format IN ('avif', 'webp')),
  content bytea NOT NULL,
  PRIMARY KEY (version, product_code, colour_slug, position, width, format)
);

-- Down Migration
DROP TABLE product_pictures;
