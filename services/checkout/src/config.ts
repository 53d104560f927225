import { sellerConfigShape } from '@bracelet/invoice';
import { baseConfigSchema } from '@bracelet/service-kit';
import { z } from 'zod';

const optionalSecret = (prefix: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((value) => value || undefined)
    .pipe(
      z
        .string()
        .startsWith(prefix, { message: `commence par ${prefix}` })
        .optional(),
    );

export const configSchema = baseConfigSchema
  .extend({
    /**
     * Real Stripe (test or live mode) when set; unset, payments are simulated through the same code
     * against a local fake of Stripe's API that checkout starts itself (ADR 012).
     */
    STRIPE_SECRET_KEY: optionalSecret('sk_'),
    STRIPE_PUBLISHABLE_KEY: optionalSecret('pk_'),
    /** The signing secret of the webhook endpoint (Stripe dashboard → Webhooks, or `stripe listen`). */
    STRIPE_WEBHOOK_SECRET: optionalSecret('whsec_'),
    /**
     * Simulated mode: where the fake delivers its webhooks. Default: this process's own
     * /stripe/webhook once it listens; the gateway's PUBLIC_URL + /stripe/webhook also works.
     */
    STRIPE_FAKE_WEBHOOK_URL: z.url().optional(),
    /** Production: no simulated payments, the three keys must be set (the prod overlay sets it). */
    STRIPE_REQUIRED: z
      .enum(['true', 'false'])
      .default('false')
      .transform((value) => value === 'true'),
    /** Checkouts (payment intents and simulated confirmations) per client address per window. */
    CHECKOUT_RATE_LIMIT_PER_IP: z.coerce.number().int().min(1).default(30),
    CHECKOUT_RATE_LIMIT_WINDOW_SECONDS: z.coerce
      .number()
      .int()
      .min(1)
      .default(10 * 60),
    /** Invoice numbers read `<prefix><year>-<number>`; one gap-free series per prefix and year. */
    INVOICE_PREFIX: z
      .string()
      .regex(/^[A-Z0-9-]{1,12}$/)
      .default('F'),
    /** The seller's identity on the invoices (demo values until set; the notifier reads the same). */
    ...sellerConfigShape,
    /** Relay-point search: `local` (shipped demo directory, offline) or `mondialrelay` (their web service). */
    RELAY_PROVIDER: z.enum(['local', 'mondialrelay']).default('local'),
    /** Mondial Relay's brand code (Enseigne, up to 8 characters) and web-service private key; required with mondialrelay. */
    MONDIAL_RELAY_ENSEIGNE: z
      .string()
      .trim()
      .optional()
      .transform((value) => value || undefined)
      .pipe(
        z
          .string()
          .regex(/^[0-9A-Z]{2}[0-9A-Z ]{0,6}$/, { message: '2 à 8 lettres majuscules ou chiffres' })
          .optional(),
      ),
    MONDIAL_RELAY_PRIVATE_KEY: z
      .string()
      .trim()
      .optional()
      .transform((value) => value || undefined),
    MONDIAL_RELAY_URL: z.url().default('https://api.mondialrelay.com/Web_Services.asmx'),
    /** Under the page's 5 s (spec §9): past it the buyer gets our message and a retry. */
    MONDIAL_RELAY_TIMEOUT_MS: z.coerce.number().int().min(100).max(4500).default(4000),
    /** Relay-point searches per client address per minute (each postcode typed is one). */
    RELAY_POINTS_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(60),
  })
  .superRefine((config, context) => {
    // Real Stripe needs all three: a key without the webhook's secret would take payments no order ever sees.
    const given = [config.STRIPE_SECRET_KEY, config.STRIPE_PUBLISHABLE_KEY, config.STRIPE_WEBHOOK_SECRET].filter(Boolean).length;
    if ((given !== 0 || config.STRIPE_REQUIRED) && given !== 3) {
      for (const name of ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET'] as const) {
        if (!config[name])
          context.addIssue({
            code: 'custom',
            path: [name],
            message: config.STRIPE_REQUIRED ? 'requis (STRIPE_REQUIRED=true)' : 'requis avec les autres clés Stripe',
          });
      }
    }
  })
  .superRefine((config, context) => {
    // A search without credentials would only ever fail: refuse to start instead.
    if (config.RELAY_PROVIDER !== 'mondialrelay') return;
    for (const name of ['MONDIAL_RELAY_ENSEIGNE', 'MONDIAL_RELAY_PRIVATE_KEY'] as const) {
      if (!config[name]) context.addIssue({ code: 'custom', path: [name], message: 'requis avec RELAY_PROVIDER=mondialrelay' });
    }
  });
export type Config = z.infer<typeof configSchema>;
