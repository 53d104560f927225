import { createHttpServer, postgresCheck, redisCheck, type ServiceDeps } from '@bracelet/service-kit';
import type { Config } from './config.js';

/** Family's HTTP API: accounts, sessions and child profiles arrive with the family issue. */
export function buildApp({ db, redis, log }: ServiceDeps<Config>) {
  return createHttpServer({ logger: log, readiness: [postgresCheck(db), redisCheck(redis)] });
}
