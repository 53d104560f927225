import { createHttpServer, postgresCheck, redisCheck, type ServiceDeps } from '@bracelet/service-kit';
import type { Config } from './config.js';
import { registerOrderRoutes } from './routes/orders/index.js';

/** Fulfilment's HTTP API: the back office's orders to prepare and ship (staff only). */
export function buildApp(deps: ServiceDeps<Config>) {
  const app = createHttpServer({ logger: deps.log, readiness: [postgresCheck(deps.db), redisCheck(deps.redis)] });
  registerOrderRoutes(app, deps);
  return app;
}
