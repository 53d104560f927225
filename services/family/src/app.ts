import { AppError, createHttpServer, postgresCheck, redisCheck, type ServiceDeps } from '@bracelet/service-kit';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import type { Config } from './config.js';
import { createLoginThrottle } from './login-throttle.js';
import { registerAccountRoutes } from './routes/accounts/index.js';
import { registerBraceletRoutes } from './routes/bracelets/index.js';
import { registerChildRoutes } from './routes/children/index.js';
import type { FamilyDeps } from './routes/context.js';
import { registerInternalRoutes } from './routes/internal/index.js';
import { registerPasswordResetRoutes } from './routes/password-reset/index.js';
import { registerPhotoRoutes } from './routes/photos/index.js';

/** Family's HTTP API: accounts and sessions, password recovery, children, photos, bracelets. */
export async function buildApp(serviceDeps: ServiceDeps<Config>) {
  const { db, redis, log, config } = serviceDeps;
  const app = createHttpServer({ logger: log, readiness: [postgresCheck(db), redisCheck(redis)] });
  const deps: FamilyDeps = {
    ...serviceDeps,
    loginThrottle: createLoginThrottle(redis, log, {
      maxFailuresPerPair: config.LOGIN_MAX_FAILURES,
      maxFailuresPerAddress: config.LOGIN_MAX_FAILURES_PER_ADDRESS,
      slowdownAfter: config.LOGIN_SLOWDOWN_AFTER,
      maxDelaySeconds: config.LOGIN_MAX_DELAY_SECONDS,
      closeToStrangersAfter: config.LOGIN_CLOSE_TO_STRANGERS_AFTER,
      windowSeconds: config.LOGIN_FAILURE_WINDOW_SECONDS,
      prefix: config.QUEUE_PREFIX,
    }),
  };
  await app.register(cookie);
  await app.register(multipart);
  await app.register(rateLimit, {
    global: false,
    redis,
    nameSpace: `${config.QUEUE_PREFIX}:family-rate:`,
    // A Redis outage must not lock parents out; the per-account throttle logs its own failures.
    skipOnError: true,
    errorResponseBuilder: () => new AppError(429, 'rate_limited', 'Trop de tentatives. Veuillez réessayer dans quelques minutes.'),
  });
  registerAccountRoutes(app, deps);
  registerPasswordResetRoutes(app, deps);
  registerChildRoutes(app, deps);
  registerPhotoRoutes(app, deps);
  registerBraceletRoutes(app, deps);
  registerInternalRoutes(app, deps);
  return app;
}
