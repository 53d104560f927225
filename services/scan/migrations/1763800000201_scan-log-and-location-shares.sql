-- Up Migration
-- Every lookup of a configured bracelet, for the parent's scan history.
CREATE TABLE scan_log (
  id uuid PRIMARY KEY,
  bracelet_id text NOT NULL REFERENCES scan_cards (bracelet_id),
  scanned_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX scan_log_bracelet ON scan_log (bracelet_id, scanned_at DESC);

-- Positions finders shared; deleted after 30 days by a scheduled job.
CREATE TABLE location_shares (
  id uuid PRIMARY KEY,
  bracelet_id text NOT NULL REFERENCES scan_cards (bracelet_id),
  lat double precision NOT NULL CHECK (lat BETWEEN -90 AND 90),
  lon double precision NOT NULL CHECK (lon BETWEEN -180 AND 180),
  shared_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX location_shares_bracelet ON location_shares (bracelet_id, shared_at DESC);
CREATE INDEX location_shares_age ON location_shares (shared_at);

-- Down Migration
DROP TABLE location_shares;
DROP TABLE scan_log;
