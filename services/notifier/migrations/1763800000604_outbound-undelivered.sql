-- Up Migration
-- A message whose last try failed is kept as 'undelivered' (never silently dropped): staff see it
-- in the back office with how many tries were made and the transport's last answer (issue 15).
ALTER TABLE outbound_messages DROP CONSTRAINT outbound_messages_status_check;
ALTER TABLE outbound_messages ADD CONSTRAINT outbound_messages_status_check CHECK (status IN ('pending', 'sent', 'failed', 'undelivered'));
ALTER TABLE outbound_messages ADD COLUMN attempts integer NOT NULL DEFAULT 1;
ALTER TABLE outbound_messages ADD COLUMN last_error text;
ALTER TABLE outbound_messages ADD COLUMN given_up_at timestamptz;
CREATE INDEX outbound_messages_undelivered ON outbound_messages (given_up_at DESC) WHERE status = 'undelivered';

-- Down Migration
DROP INDEX outbound_messages_undelivered;
ALTER TABLE outbound_messages DROP COLUMN given_up_at;
ALTER TABLE outbound_messages DROP COLUMN last_error;
ALTER TABLE outbound_messages DROP COLUMN attempts;
ALTER TABLE outbound_messages DROP CONSTRAINT outbound_messages_status_check;
ALTER TABLE outbound_messages ADD CONSTRAINT outbound_messages_status_check CHECK (status IN ('pending', 'sent', 'failed'));
