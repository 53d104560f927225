-- Up Migration
-- One alert per bracelet per window (5 minutes): the first finder's scan alerts the family, the
-- next ones are only counted, and a window that held several scans is summarised when it closes.
-- Grouping here, where scans are recorded, means a flood of scans on one bracelet becomes two
-- messages instead of one queued job per scan in front of other families' alerts.
CREATE TABLE alert_windows (
  bracelet_id text PRIMARY KEY REFERENCES scan_cards (bracelet_id),
  opened_at timestamptz NOT NULL,
  closes_at timestamptz NOT NULL,
  scan_count integer NOT NULL CHECK (scan_count >= 0),
  -- The alert that opened the window: the summary repeats whom it concerns.
  first_scan jsonb NOT NULL,
  summarized boolean NOT NULL DEFAULT false
);
CREATE INDEX alert_windows_to_summarize ON alert_windows (closes_at) WHERE NOT summarized AND scan_count > 1;

-- Down Migration
DROP TABLE alert_windows;
