import { sellerConfigShape } from '@bracelet/invoice';
import { baseConfigSchema } from '@bracelet/service-kit';
import { z } from 'zod';

export const configSchema = baseConfigSchema
  .extend({
    /** smtp://user:pass@host:port (or smtps://). In development, the catcher npm start runs. */
    SMTP_URL: z.url({ message: 'une URL smtp://… est attendue' }),
    MAIL_FROM: z.string().min(3).default('Bracelets QR <ne-pas-repondre@bracelet-qr.fr>'),
    /**
     * SMTP connections kept open at once: as many as jobs in flight (12), or alerts queue behind
     * each other's sends (with 5, scan → e-mail p99 missed 1 s at 100 scans/s in 4 of 4 bench runs;
     * with 12, met in 3 of 4). Lower it if the provider allows fewer concurrent connections.
     */
    SMTP_MAX_CONNECTIONS: z.coerce.number().int().min(1).max(50).default(12),
    /** `log` writes each SMS to SMS_LOG_DIR; `twilio` sends through Twilio's Messages API. */
    SMS_PROVIDER: z.enum(['log', 'twilio']).default('log'),
    SMS_LOG_DIR: z.string().min(1).optional(),
    TWILIO_ACCOUNT_SID: z.string().min(1).optional(),
    TWILIO_AUTH_TOKEN: z.string().min(1).optional(),
    TWILIO_FROM: z.string().min(1).optional(),
    TWILIO_BASE_URL: z.url().default('https://api.twilio.com'),
    /** After how long a claim on a message whose sender died may be taken over (ADR 015). */
    NOTIFIER_CLAIM_LEASE_SECONDS: z.coerce.number().int().min(30).max(3600).default(60),
    /** The seller's identity on the invoices attached to order confirmations (demo values until set). */
    ...sellerConfigShape,
  })
  .superRefine((config, context) => {
    if (config.SMS_PROVIDER === 'log' && !config.SMS_LOG_DIR)
      context.addIssue({ code: 'custom', path: ['SMS_LOG_DIR'], message: 'requis avec SMS_PROVIDER=log' });
    if (config.SMS_PROVIDER === 'twilio') {
      for (const key of ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM'] as const) {
        if (!config[key]) context.addIssue({ code: 'custom', path: [key], message: 'requis avec SMS_PROVIDER=twilio' });
      }
    }
  });
export type Config = z.infer<typeof configSchema>;
