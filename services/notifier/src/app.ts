import { createHttpServer, postgresCheck, redisCheck, type ServiceDeps } from '@bracelet/service-kit';
import type { Config } from './config.js';

/** The notifier has no public API: only liveness and readiness, for the orchestrator. */
export function buildApp({ db, redis, log }: ServiceDeps<Config>) {
  return createHttpServer({ logger: log, readiness: [postgresCheck(db), redisCheck(redis)] });
}
