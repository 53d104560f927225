import { createLogger } from '@bracelet/service-kit';
import helmet from '@fastify/helmet';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import { type Config, upstreamUrls } from './config.js';
import { registerFrontendRoutes } from './routes/frontends.js';
import { registerProxyRoutes } from './routes/proxy.js';

/** The one public origin: the built frontends, and the spec's API paths proxied to their services. */
export async function buildApp(config: Config) {
  const app = Fastify({ loggerInstance: createLogger('gateway', config.LOG_LEVEL) as FastifyBaseLogger, trustProxy: false });
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    // Same-origin by default; finder pages tighten it further (no-referrer).
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
    hsts: config.NODE_ENV === 'production',
  });
  app.get('/healthz', { logLevel: 'warn' }, async () => ({ status: 'ok' }));
  app.get('/readyz', { logLevel: 'warn' }, async () => ({ status: 'ready' }));
  await registerProxyRoutes(app, { upstreams: upstreamUrls(config) });
  await registerFrontendRoutes(app, { frontendsDir: config.FRONTENDS_DIR });
  return app;
}
