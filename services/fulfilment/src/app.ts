import { createHttpServer, postgresCheck, redisCheck, type ServiceDeps } from '@bracelet/service-kit';
import type { Config } from './config.js';

/** Fulfilment's HTTP API. Its back-office routes arrive with the back-office issue. */
export function buildApp({ db, redis, log }: ServiceDeps<Config>) {
  return createHttpServer({ logger: log, readiness: [postgresCheck(db), redisCheck(redis)] });
}
