import { baseConfigSchema } from '@bracelet/service-kit';
import { z } from 'zod';

export const configSchema = baseConfigSchema.extend({
  SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  /** Wrong passwords allowed per account within the window before login is refused (429). */
  LOGIN_MAX_FAILURES: z.coerce.number().int().min(1).default(5),
  LOGIN_FAILURE_WINDOW_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .default(15 * 60),
  /** Attempts per client address per window on login, signup and reset requests. */
  AUTH_RATE_LIMIT_PER_IP: z.coerce.number().int().min(1).default(30),
  AUTH_RATE_LIMIT_WINDOW_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .default(10 * 60),
  PHOTO_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(8 * 1024 * 1024),
  RESET_TOKEN_MINUTES: z.coerce
    .number()
    .int()
    .min(5)
    .max(24 * 60)
    .default(60),
});
export type Config = z.infer<typeof configSchema>;
