-- Up Migration
-- A guest downloads their invoice through the link in their confirmation e-mail: a random token
-- made when the order is paid, of which only the hash is kept (like the client secret's).
ALTER TABLE orders ADD COLUMN invoice_token_hash text;

-- Down Migration
ALTER TABLE orders DROP COLUMN invoice_token_hash;
