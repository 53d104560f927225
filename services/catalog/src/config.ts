import { baseConfigSchema } from '@bracelet/service-kit';
import { z } from 'zod';

export const configSchema = baseConfigSchema.extend({
  /** Visits and cart events per client address per minute. */
  TRACKING_PER_MINUTE: z.coerce.number().int().min(1).default(60),
  /** Pre-sale sign-ups per client address per hour. */
  CONTACTS_PER_HOUR: z.coerce.number().int().min(1).default(10),
  /** Visits are kept this long (the CNIL's 13 months for audience measurement), then deleted. */
  VISIT_RETENTION_MONTHS: z.coerce.number().int().min(1).max(25).default(13),
});
export type Config = z.infer<typeof configSchema>;
