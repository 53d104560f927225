import { baseConfigSchema } from '@bracelet/service-kit';
import { z } from 'zod';

export const configSchema = baseConfigSchema.extend({
  /** smtp://user:pass@host:port (or smtps://). In development, the catcher npm start runs. */
  SMTP_URL: z.url({ message: 'une URL smtp://… est attendue' }),
  MAIL_FROM: z.string().min(3).default('Bracelets QR <ne-pas-repondre@bracelet-qr.fr>'),
});
export type Config = z.infer<typeof configSchema>;
