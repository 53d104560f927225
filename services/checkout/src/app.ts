import { createHttpServer, postgresCheck, redisCheck, type ServiceDeps } from '@bracelet/service-kit';
import type { Config } from './config.js';
import { registerOrderRoutes } from './routes/orders/index.js';

/** Checkout's HTTP API: the buyer's orders; payments arrive with the checkout issue. */
export function buildApp({ db, redis, log, config }: ServiceDeps<Config>) {
  const app = createHttpServer({ logger: log, readiness: [postgresCheck(db), redisCheck(redis)] });
  registerOrderRoutes(app, { db, identitySecret: config.IDENTITY_SECRET });
  return app;
}
