import { sellerConfigShape } from '@bracelet/invoice';
import { baseConfigSchema } from '@bracelet/service-kit';
import { z } from 'zod';

export const configSchema = baseConfigSchema
  .extend({
    /** smtp://user:pass@host:port (or smtps://). In development, the catcher npm start runs. */
    SMTP_URL: z.url({ message: 'une URL smtp://… est attendue' }),
    MAIL_FROM: z.string().min(3).default('Bracelets QR <ne-pas-repondre@bracelet-qr.fr>'),
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
