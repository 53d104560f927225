-- Up Migration
-- Scans are grouped by the scan service now (bracelet.scanned is sent once per window, and
-- bracelet.scans_grouped closes it); the notifier no longer counts them.
DROP TABLE scan_alert_windows;

-- Down Migration
CREATE TABLE scan_alert_windows (
  bracelet_id text PRIMARY KEY,
  window_started_at timestamptz NOT NULL,
  last_scan_at timestamptz NOT NULL,
  scan_count integer NOT NULL CHECK (scan_count > 0)
);
