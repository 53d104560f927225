import { answerClientError, answerFrameworkError, createLogger, registerErrorHandler } from '@bracelet/service-kit';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import { type Config, upstreamUrls } from './config.js';
import { registerDevMailRoutes } from './dev-mail/routes.js';
import { createIdentityResolver } from './identity.js';
import { registerFrontendRoutes } from './routes/frontends.js';
import { registerProxyRoutes } from './routes/proxy.js';
import { registerSecurityHeaders } from './security-headers.js';

/** The one public origin: the built frontends, and the spec's API paths proxied to their services. */
export async function buildApp(config: Config) {
  const app = Fastify({
    loggerInstance: createLogger('gateway', config.LOG_LEVEL) as FastifyBaseLogger,
    trustProxy: false,
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
  });
  const publicUrl = new URL(config.PUBLIC_URL);
  registerErrorHandler(app);
  registerSecurityHeaders(app, { production: config.NODE_ENV === 'production', https: publicUrl.protocol === 'https:' });
  // The finder's page is opened on poor connections: every text answer is compressed.
  await app.register(compress, { global: true, encodings: ['br', 'gzip'], threshold: 1024 });
  app.get('/healthz', { logLevel: 'warn' }, async () => ({ status: 'ok' }));
  app.get('/readyz', { logLevel: 'warn' }, async () => ({ status: 'ready' }));
  await app.register(cookie);
  const identity = createIdentityResolver({ familyUrl: config.FAMILY_URL, secret: config.IDENTITY_SECRET });
  await registerProxyRoutes(app, { upstreams: upstreamUrls(config), identity, publicUrl });
  if (config.DEV_MAIL_DIR) registerDevMailRoutes(app, { dir: config.DEV_MAIL_DIR, identity });
  await registerFrontendRoutes(app, { frontendsDir: config.FRONTENDS_DIR });
  return app;
}
