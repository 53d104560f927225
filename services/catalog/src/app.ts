import { AppError, createHttpServer, postgresCheck, redisCheck, type ServiceDeps } from '@bracelet/service-kit';
import rateLimit from '@fastify/rate-limit';
import type { Config } from './config.js';
import { registerProductRoutes } from './routes/products/index.js';
import { registerTrackingRoutes } from './routes/tracking/index.js';
import type { CatalogDeps } from './use-cases/deps.js';

/** Catalog's HTTP API: the catalogue, and the shop's measures (visits, pre-sale contacts, cart events). */
export async function buildApp(deps: ServiceDeps<Config>) {
  const { db, redis, log, config } = deps;
  const app = createHttpServer({ logger: log, readiness: [postgresCheck(db), redisCheck(redis)] });
  await app.register(rateLimit, {
    global: false,
    redis,
    nameSpace: `${config.QUEUE_PREFIX}:catalog-rate:`,
    skipOnError: true,
    errorResponseBuilder: () => new AppError(429, 'rate_limited', 'Trop de requêtes. Veuillez réessayer dans quelques minutes.'),
  });
  const catalogDeps: CatalogDeps = deps;
  registerProductRoutes(app, catalogDeps);
  registerTrackingRoutes(app, catalogDeps);
  return app;
}
