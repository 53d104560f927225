import { baseConfigSchema } from '@bracelet/service-kit';
import { z } from 'zod';

export const configSchema = baseConfigSchema.extend({
  /** Lookups per client address per minute (benchmarks raise it). */
  SCAN_LOOKUPS_PER_MINUTE: z.coerce.number().int().min(1).default(120),
  LOCATION_SHARES_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  /** One alert per bracelet per window; later scans in it are counted and summarised at its end. */
  SCAN_ALERT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(300),
  LOCATION_RETENTION_DAYS: z.coerce.number().int().min(1).default(30),
});
export type Config = z.infer<typeof configSchema>;
