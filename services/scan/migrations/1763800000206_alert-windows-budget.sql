-- Up Migration
-- A bracelet's scan alerts of the last 24 hours, [{at, sender}]: at most a few a day, and each
-- sender (an IPv4 /24, an IPv6 /48) only a share of them, so scanning a bracelet every five
-- minutes can neither text its family all day nor spend the day's alerts before a real finder.
ALTER TABLE alert_windows ADD COLUMN recent_alerts jsonb NOT NULL DEFAULT '[]';

-- Down Migration
ALTER TABLE alert_windows DROP COLUMN recent_alerts;
