import { createHttpServer, postgresCheck, redisCheck, type ServiceDeps } from '@bracelet/service-kit';
import type { Config } from './config.js';

/** Catalog's HTTP API: products, visits and contacts arrive with the shop issue. */
export function buildApp({ db, redis, log }: ServiceDeps<Config>) {
  return createHttpServer({ logger: log, readiness: [postgresCheck(db), redisCheck(redis)] });
}
