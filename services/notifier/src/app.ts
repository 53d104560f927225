import { createHttpServer, postgresCheck, redisCheck, type ServiceDeps } from '@bracelet/service-kit';
import type { Config } from './config.js';
import { registerUndeliveredMessageRoutes } from './routes/undelivered-messages/index.js';

/** The notifier's HTTP: readiness for the orchestrator, and the back office's undelivered messages (staff only). */
export function buildApp(deps: ServiceDeps<Config>) {
  const app = createHttpServer({ logger: deps.log, readiness: [postgresCheck(deps.db), redisCheck(deps.redis)] });
  registerUndeliveredMessageRoutes(app, deps);
  return app;
}
