import { createHttpServer, postgresCheck, redisCheck, type ServiceDeps } from '@bracelet/service-kit';
import type { Config } from './config.js';
import { registerOrderRoutes } from './routes/orders/index.js';

/** Checkout's HTTP API: the buyer's orders; payments arrive with the checkout issue. */
export function buildApp(deps: ServiceDeps<Config>) {
  const { db, redis, log } = deps;
  const app = createHttpServer({ logger: log, readiness: [postgresCheck(db), redisCheck(redis)] });
  registerOrderRoutes(app, deps);
  return app;
}
