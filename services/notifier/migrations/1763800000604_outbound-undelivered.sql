-- Up Migration
-- A message whose last try failed is kept as 'undelivered' (never silently dropped): staff see it
-- in the back office with how many tries were made and the transport's last answer (issue 15).
ALTER TABLE outbound_messages DROP CONSTRAINT outbound_messages_status_check;
ALTER TABLE outbound_messages ADD CONSTRAINT outbound_messages_status_check CHECK (status IN ('pending', 'sent', 'failed', 'undelivered'));
ALTER TABLE outbound_messages ADD COLUMN attempts integer NOT NULL DEFAULT 1;
ALTER TABLE outbound_messages ADD COLUMN last_error text;
ALTER TABLE outbound_messages ADD COLUMN given_up_at timestamptz;
-- Whose claim a row is: only the worker holding the current claim may record how the send ended
-- (a worker paused past its lease must not overwrite the outcome of the one that took over).
ALTER TABLE outbound_messages ADD COLUMN claim_id uuid;
-- Which worker holds the claim (host:pid), for whoever looks at a stuck message.
ALTER TABLE outbound_messages ADD COLUMN claimed_by text;
CREATE INDEX outbound_messages_undelivered ON outbound_messages (given_up_at DESC) WHERE status = 'undelivered';
-- The back office counts the messages being retried or stuck without reading the whole table.
CREATE INDEX outbound_messages_unsettled ON outbound_messages (status, claimed_at) WHERE status IN ('pending', 'failed');

-- Down Migration
DROP INDEX outbound_messages_unsettled;
DROP INDEX outbound_messages_undelivered;
ALTER TABLE outbound_messages DROP COLUMN claimed_by;
ALTER TABLE outbound_messages DROP COLUMN claim_id;
ALTER TABLE outbound_messages DROP COLUMN given_up_at;
ALTER TABLE outbound_messages DROP COLUMN last_error;
ALTER TABLE outbound_messages DROP COLUMN attempts;
ALTER TABLE outbound_messages DROP CONSTRAINT outbound_messages_status_check;
ALTER TABLE outbound_messages ADD CONSTRAINT outbound_messages_status_check CHECK (status IN ('pending', 'sent', 'failed'));
