-- Up Migration
-- When a message was last claimed: a claim older than the lease belongs to a sender that died
-- mid-send (SIGKILL, lost node), and another may take it over (ADR 015).
ALTER TABLE outbound_messages ADD COLUMN claimed_at timestamptz NOT NULL DEFAULT now();

-- Down Migration
ALTER TABLE outbound_messages DROP COLUMN claimed_at;
