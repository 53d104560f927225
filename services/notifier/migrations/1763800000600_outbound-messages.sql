-- Up Migration
-- Every message the notifier hands to a transport, for idempotency and audit.
CREATE TABLE outbound_messages (
  id uuid PRIMARY KEY,
  event_id uuid NOT NULL,
  channel text NOT NULL CHECK (channel IN ('email', 'sms')),
  recipient text NOT NULL,
  template text NOT NULL,
  status text NOT NULL CHECK (status IN ('pending', 'sent', 'failed')),
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz,
  UNIQUE (event_id, channel, recipient)
);

-- Down Migration
DROP TABLE outbound_messages;
