import { anyReachableCheck, createHttpServer, createLogger, reachableCheck } from '@bracelet/service-kit';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import { type Config, upstreamUrls } from './config.js';
import { registerDevMailRoutes } from './dev-mail/routes.js';
import { createIdentityResolver } from './identity.js';
import { JSON_BODY_LIMIT } from './route-table.js';
import { registerFinderPage } from './routes/finder-page.js';
import { registerFrontendRoutes } from './routes/frontends.js';
import { registerProxyRoutes } from './routes/proxy.js';
import { registerSecurityHeaders } from './security-headers.js';

/** The one public origin: the built frontends, and the spec's API paths proxied to their services. */
export async function buildApp(config: Config) {
  const upstreams = upstreamUrls(config);
  const app = createHttpServer({
    logger: createLogger('gateway', config.LOG_LEVEL),
    // Each service's readiness is reported; not ready only when none can be reached (ADR 011, ADR 016).
    readiness: [anyReachableCheck(upstreams), ...Object.entries(upstreams).map(([name, url]) => reachableCheck(name, url))],
    // A number of hops trusts that many proxies nearest to the gateway.
    trustProxy:
      typeof config.TRUST_PROXY === 'number' ? (_address: string, hop: number) => hop < (config.TRUST_PROXY as number) : config.TRUST_PROXY,
    // Bodies are limited per route (route-table.ts); unknown paths get the shell or a JSON 404 (frontends.ts).
    bodyLimit: JSON_BODY_LIMIT,
    // The request id is ours: what a client sends as x-request-id is not trusted.
    trustRequestId: false,
    notFound: false,
  });
  const publicUrl = new URL(config.PUBLIC_URL);
  if (publicUrl.protocol === 'https:' && config.TRUST_PROXY === false) {
    // https means a TLS proxy in front: without TRUST_PROXY every client has the proxy's address.
    app.log.warn('PUBLIC_URL is https but TRUST_PROXY is unset: every client will share the proxy address in rate limits');
  }
  registerSecurityHeaders(app, {
    production: config.NODE_ENV === 'production',
    https: publicUrl.protocol === 'https:',
    stripe: config.STRIPE_PUBLISHABLE_KEY !== undefined,
  });
  // The finder's page is opened on poor connections: every text answer is compressed.
  await app.register(compress, { global: true, encodings: ['br', 'gzip'], threshold: 1024 });
  await app.register(cookie);
  const identity = createIdentityResolver({ familyUrl: config.FAMILY_URL, secret: config.IDENTITY_SECRET });
  await registerProxyRoutes(app, { upstreams, identity, publicUrl, timeoutMs: config.UPSTREAM_TIMEOUT_MS });
  if (config.DEV_MAIL_DIR) registerDevMailRoutes(app, { dir: config.DEV_MAIL_DIR, identity });
  const answerWithShell = await registerFrontendRoutes(app, { frontendsDir: config.FRONTENDS_DIR });
  registerFinderPage(app, { scanUrl: upstreams.scan, identity, timeoutMs: config.UPSTREAM_TIMEOUT_MS, answerWithShell });
  return app;
}
