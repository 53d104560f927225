-- Up Migration
-- Events written in the same transaction as the state change they announce; the relay publishes them.
CREATE TABLE outbox (
  position bigserial PRIMARY KEY,
  event_id uuid NOT NULL UNIQUE,
  name text NOT NULL,
  payload jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  published_at timestamptz
);
CREATE INDEX outbox_unpublished ON outbox (position) WHERE published_at IS NULL;

-- Events this service has already applied, so a redelivered event has one effect.
CREATE TABLE processed_events (
  event_id uuid PRIMARY KEY,
  name text NOT NULL,
  processed_at timestamptz NOT NULL DEFAULT now()
);

-- Down Migration
DROP TABLE processed_events;
DROP TABLE outbox;
