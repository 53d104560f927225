import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/**
 * Helmet's security headers on every answer. The middleware is built once, at boot: the Fastify
 * wrapper rebuilt it (and re-parsed the CSP) on every request, which was a large share of the
 * gateway's CPU per proxied call.
 */
export function registerSecurityHeaders(
  app: FastifyInstance,
  { production, https, stripe = false }: { production: boolean; https: boolean; stripe?: boolean },
): void {
  // Real payments only (Stripe's CSP guide): Stripe.js, its API, and its card and 3-D Secure frames.
  const stripeScripts = stripe ? ['https://js.stripe.com'] : [];
  const setHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...stripeScripts],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...(stripe ? ['https://*.stripe.com'] : [])],
        connectSrc: ["'self'", ...(stripe ? ['https://api.stripe.com'] : [])],
        frameSrc: stripe ? ['https://js.stripe.com', 'https://hooks.stripe.com'] : ["'none'"],
        frameAncestors: ["'none'"],
        // Plain http on a LAN address (a phone scanning a demo bracelet) must keep working.
        upgradeInsecureRequests: production || https ? [] : null,
      },
    },
    // Same-origin by default; finder pages send no referrer to other sites at all (same-origin).
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
    // Browsers only honour HSTS over https: sent whenever the public URL is https.
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    setHeaders(request.raw, reply.raw, (error?: unknown) => done(error instanceof Error ? error : undefined));
  });
}
