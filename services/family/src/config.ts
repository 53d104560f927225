import { baseConfigSchema } from '@bracelet/service-kit';
import { z } from 'zod';

export const configSchema = baseConfigSchema.extend({
  SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  /** Wrong passwords one address may try on one account per window before that pair gets 429. */
  LOGIN_MAX_FAILURES: z.coerce.number().int().min(1).default(5),
  /** Wrong passwords one address may try across all accounts per window. */
  LOGIN_MAX_FAILURES_PER_ADDRESS: z.coerce.number().int().min(1).default(20),
  /** Wrong passwords on one account (any address) after which failing addresses wait longer each time. */
  LOGIN_SLOWDOWN_AFTER: z.coerce.number().int().min(1).default(10),
  LOGIN_MAX_DELAY_SECONDS: z.coerce.number().int().min(1).default(60),
  /** Wrong passwords on one account after which only addresses it logged in from before may try. */
  LOGIN_CLOSE_TO_STRANGERS_AFTER: z.coerce.number().int().min(1).default(100),
  /** Wrong passwords on one account after which its owner is told by e-mail (once per window). */
  LOGIN_WARN_OWNER_AFTER: z.coerce.number().int().min(1).default(10),
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
  /** At most one "someone tried to sign up with your address" e-mail per account per this many minutes. */
  SIGNUP_WARNING_INTERVAL_MINUTES: z.coerce.number().int().min(1).default(60),
  /** Reset links mailed per account: at most one per this many seconds, and this many a day. */
  RESET_MAIL_INTERVAL_SECONDS: z.coerce.number().int().min(1).default(120),
  RESET_MAILS_PER_DAY: z.coerce.number().int().min(1).default(5),
  RESET_TOKEN_MINUTES: z.coerce
    .number()
    .int()
    .min(5)
    .max(24 * 60)
    .default(60),
});
export type Config = z.infer<typeof configSchema>;
