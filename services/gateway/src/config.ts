import { processConfigSchema } from '@bracelet/service-kit';
import { z } from 'zod';

/** The gateway's settings: the process's (PUBLIC_URL is the Origin state-changing requests must come from; https turns on HSTS), and its own. */
export const configSchema = processConfigSchema.extend({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /**
   * Who may tell the gateway the client's address (X-Forwarded-For): 'false' (nobody: the product
   * is reached directly), 'true' (any proxy), a number of proxy hops, or a comma-separated list of
   * proxy addresses or CIDR ranges. Behind a TLS proxy it must name that proxy, or every client
   * shares the proxy's address and per-address limits become global.
   */
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((value): boolean | number | string[] => {
      if (value === 'false' || value === '') return false;
      if (value === 'true') return true;
      if (/^\d+$/.test(value)) return Number(value);
      return value
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean);
    }),
  /** Folder holding the frontends, each built into <name>/dist. */
  FRONTENDS_DIR: z.string().min(1),
  CATALOG_URL: z.url(),
  CHECKOUT_URL: z.url(),
  FAMILY_URL: z.url(),
  SCAN_URL: z.url(),
  FULFILMENT_URL: z.url(),
  NOTIFIER_URL: z.url(),
  /**
   * A service that has not started answering (headers) within this long, or pauses this long in
   * the middle of its body, is answered 503 in French: below the pages' own 10 s, above a
   * service's worst database wait (2 s acquire + 5.5 s statement). ADR 016.
   */
  UPSTREAM_TIMEOUT_MS: z.coerce.number().int().min(100).default(8000),
  /**
   * Set when checkout takes real payments (the same publishable key): the pages may then load
   * Stripe.js and its frames (the CSP opens to Stripe's hosts only then).
   */
  STRIPE_PUBLISHABLE_KEY: z.preprocess((value) => (value === '' ? undefined : value), z.string().min(1).max(300).optional()),
  /** Where the development mail catcher writes messages; unset with real SMTP. */
  DEV_MAIL_DIR: z.string().min(1).optional(),
});
export type Config = z.infer<typeof configSchema>;

export function upstreamUrls(config: Config) {
  return {
    catalog: config.CATALOG_URL,
    checkout: config.CHECKOUT_URL,
    family: config.FAMILY_URL,
    scan: config.SCAN_URL,
    fulfilment: config.FULFILMENT_URL,
    notifier: config.NOTIFIER_URL,
  };
}
