import { createHttpServer, postgresCheck, redisCheck, type ServiceDeps } from '@bracelet/service-kit';
import type { Config } from './config.js';

/** Checkout's HTTP API: orders and payments arrive with the checkout issue. */
export function buildApp({ db, redis, log }: ServiceDeps<Config>) {
  return createHttpServer({ logger: log, readiness: [postgresCheck(db), redisCheck(redis)] });
}
