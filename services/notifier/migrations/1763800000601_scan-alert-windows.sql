-- Up Migration
-- One alert per bracelet per window: later scans in the window are only counted.
CREATE TABLE scan_alert_windows (
  bracelet_id text PRIMARY KEY,
  window_started_at timestamptz NOT NULL,
  last_scan_at timestamptz NOT NULL,
  scan_count integer NOT NULL CHECK (scan_count > 0)
);

-- Down Migration
DROP TABLE scan_alert_windows;
