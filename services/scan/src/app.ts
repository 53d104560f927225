import { createHttpServer, postgresCheck, redisCheck, type ServiceDeps } from '@bracelet/service-kit';
import type { Config } from './config.js';
import { createScanCardRepository } from './db/scan-cards.repository.js';
import { finderPrivacyHeaders, registerBraceletRoutes } from './routes/bracelets/index.js';

/** Scan answers finders from its own read model. */
export function buildApp({ db, redis, log }: ServiceDeps<Config>) {
  const app = createHttpServer({ logger: log, readiness: [postgresCheck(db), redisCheck(redis)] });
  // Error answers (unknown bracelet) carry the same privacy headers as found ones.
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/get_child_by_bracelet/')) reply.headers(finderPrivacyHeaders);
  });
  registerBraceletRoutes(app, { cards: createScanCardRepository(db) });
  return app;
}
