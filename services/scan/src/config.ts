import { baseConfigSchema } from '@bracelet/service-kit';
import { z } from 'zod';

export const configSchema = baseConfigSchema.extend({
  /** Lookups per client address per minute (benchmarks raise it). */
  SCAN_LOOKUPS_PER_MINUTE: z.coerce.number().int().min(1).default(120),
  LOCATION_SHARES_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  /** One alert per bracelet per window; later scans in it are counted and summarised at its end. */
  SCAN_ALERT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(300),
  /**
   * Scan alerts (e-mail + SMS) per bracelet in 24 hours, and how many of them one sender (an IPv4
   * /24, an IPv6 /48) may cause; past either, the finder is told to call (alert-budget.ts).
   */
  SCAN_ALERTS_PER_DAY: z.coerce.number().int().min(1).default(12),
  SCAN_ALERTS_PER_SENDER_PER_DAY: z.coerce.number().int().min(1).default(3),
  /** How long a finder waits for their scan to be recorded before seeing the card anyway. */
  SCAN_RECORD_TIMEOUT_MS: z.coerce.number().int().min(100).default(3000),
  /**
   * How long a finder's card read from Postgres may be answered again from memory (ADR 019). Any
   * change is announced to every replica on commit and drops the card at once; this bounds what
   * no announcement covers (a hand-made SQL fix). 0 turns the cache off.
   */
  SCAN_CARD_CACHE_TTL_MS: z.coerce.number().int().min(0).max(60_000).default(5_000),
  /** Cards kept in memory at most per process (least recently served dropped first); unknown ids are never kept. */
  SCAN_CARD_CACHE_MAX_ENTRIES: z.coerce.number().int().min(1).max(1_000_000).default(10_000),
  /** First wait before the card change listener subscribes again after losing its connection (doubled up to 5 s). */
  SCAN_CARD_LISTENER_RETRY_MS: z.coerce.number().int().min(10).max(60_000).default(250),
  LOCATION_RETENTION_DAYS: z.coerce.number().int().min(1).default(30),
  /**
   * Position shares, per bracelet whoever sends them (ADR 009): one alert (e-mail + SMS) per
   * window, later positions in it sent together in one follow-up e-mail when it closes…
   */
  LOCATION_SHARE_WINDOW_SECONDS: z.coerce.number().int().min(1).default(300),
  /** …and at most this many alerting windows in 24 hours; past it, positions are shown in the account only. */
  LOCATION_ALERTS_PER_DAY: z.coerce.number().int().min(1).default(6),
  /** …of which one sender may cause at most this many (a flooder cannot silence a real finder). */
  LOCATION_ALERTS_PER_SENDER_PER_DAY: z.coerce.number().int().min(1).default(2),
});
export type Config = z.infer<typeof configSchema>;
