import { baseConfigSchema } from '@bracelet/service-kit';
import { z } from 'zod';

export const configSchema = baseConfigSchema.extend({
  /** Lookups per client address per minute (benchmarks raise it). */
  SCAN_LOOKUPS_PER_MINUTE: z.coerce.number().int().min(1).default(120),
  LOCATION_SHARES_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  LOCATION_RETENTION_DAYS: z.coerce.number().int().min(1).default(30),
});
export type Config = z.infer<typeof configSchema>;
