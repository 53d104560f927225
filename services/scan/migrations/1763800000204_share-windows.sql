-- Up Migration
-- Position shares are capped per bracelet, whoever sends them (ADR 009): the share that opens a
-- window alerts the family (location.shared: e-mail + SMS), the next ones in the window are kept
-- and sent together in one follow-up e-mail when it closes, and a bracelet alerts at most a few
-- times in 24 hours. Past that, positions are kept for the parent's account only.
CREATE TABLE share_windows (
  bracelet_id text PRIMARY KEY REFERENCES scan_cards (bracelet_id),
  opened_at timestamptz NOT NULL,
  closes_at timestamptz NOT NULL,
  -- Positions shared in the window after the alerted one, not sent yet.
  pending_count integer NOT NULL CHECK (pending_count >= 0),
  -- Whom the window's alert concerned: the follow-up goes to the same family.
  first_share jsonb NOT NULL,
  -- The alerts of the last 24 hours, [{at, sender}] (the daily ceiling and each sender's share of
  -- it). The row, and so the count, goes when the bracelet is reset or linked anew: a new family
  -- starts afresh.
  recent_alerts jsonb NOT NULL DEFAULT '[]'
);
CREATE INDEX share_windows_to_close ON share_windows (closes_at) WHERE pending_count > 0;

-- What the family was told of each position: 'alert' (location.shared), 'pending' (waits for its
-- window's follow-up), 'follow_up' (location.shares_grouped), 'account_only' (past the ceiling).
-- Positions shared before this migration were all alerted.
ALTER TABLE location_shares
  ADD COLUMN delivery text NOT NULL DEFAULT 'alert' CHECK (delivery IN ('alert', 'pending', 'follow_up', 'account_only'));
ALTER TABLE location_shares ALTER COLUMN delivery DROP DEFAULT;
CREATE INDEX location_shares_pending ON location_shares (bracelet_id, shared_at) WHERE delivery = 'pending';

-- Down Migration
DROP INDEX location_shares_pending;
ALTER TABLE location_shares DROP COLUMN delivery;
DROP TABLE share_windows;
