import { createHttpServer, postgresCheck, redisCheck, type ServiceDeps } from '@bracelet/service-kit';
import type { Config } from './config.js';
import { registerBatchRoutes } from './routes/batches/index.js';
import { registerOrderRoutes } from './routes/orders/index.js';
import { registerWithdrawalReturnRoutes } from './routes/withdrawal-returns/index.js';

/** Fulfilment's HTTP API: the back office's orders to prepare and ship (staff only). */
export function buildApp(deps: ServiceDeps<Config>) {
  const app = createHttpServer({ logger: deps.log, readiness: [postgresCheck(deps.db), redisCheck(deps.redis)] });
  registerOrderRoutes(app, deps);
  registerBatchRoutes(app, deps);
  registerWithdrawalReturnRoutes(app, deps);
  return app;
}
