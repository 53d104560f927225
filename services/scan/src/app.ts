import {
  AppError,
  createHttpServer,
  createPool,
  databaseDeadlinesOf,
  localFirstRateLimitStore,
  postgresCheck,
  redisCheck,
  type ServiceDeps,
} from '@bracelet/service-kit';
import rateLimit from '@fastify/rate-limit';
import { createCardCache, registerCardCache } from './cards/card-cache.js';
import { listenForCardChanges } from './cards/card-changes.js';
import type { Config } from './config.js';
import { createScanCardRepository } from './db/scan-cards.repository.js';
import { finderPrivacyHeaders, registerBraceletRoutes } from './routes/bracelets/index.js';
import { registerHistoryRoutes } from './routes/history/index.js';
import type { ScanDeps } from './use-cases/deps.js';
import { createScanRecorder } from './use-cases/record-scan.js';
import { createShareRecorder } from './use-cases/share-position.js';

/** Scan answers finders from its own read model. */
export async function buildApp(serviceDeps: ServiceDeps<Config>) {
  const { db, redis, log, config } = serviceDeps;
  const app = createHttpServer({ logger: log, readiness: [postgresCheck(db), redisCheck(redis)] });
  await app.register(rateLimit, {
    global: false,
    // Decided in process, shared through Redis in the background: no Redis round trip on a
    // finder's lookup, and the limit still holds (per process) while Redis is down.
    store: localFirstRateLimitStore(redis, `${config.QUEUE_PREFIX}:scan-rate:`),
    // A finder must reach the page even if the store fails.
    skipOnError: true,
    errorResponseBuilder: () => new AppError(429, 'rate_limited', 'Trop de requêtes. Veuillez réessayer dans une minute.'),
  });
  // Error answers (unknown bracelet) carry the same privacy headers as found ones.
  app.addHook('onSend', async (request, reply) => {
    const { url } = request;
    if (url.startsWith('/get_child_by_bracelet/') || url === '/share_location' || url.startsWith('/scan_photo/')) {
      reply.header('x-robots-tag', finderPrivacyHeaders['x-robots-tag']).header('referrer-policy', finderPrivacyHeaders['referrer-policy']);
      if (!url.startsWith('/scan_photo/')) reply.header('cache-control', finderPrivacyHeaders['cache-control']);
    }
  });
  // The finder's card from memory while a LISTEN connection of its own hears every change (ADR 019).
  const finderCards = createCardCache(createScanCardRepository(db).findByBraceletId, {
    ttlMs: config.SCAN_CARD_CACHE_TTL_MS,
    maxEntries: config.SCAN_CARD_CACHE_MAX_ENTRIES,
  });
  const unregister = registerCardCache(db, finderCards);
  if (config.SCAN_CARD_CACHE_TTL_MS > 0) {
    const listenerPool = createPool(config.DATABASE_URL, config.DATABASE_SCHEMA, 1, databaseDeadlinesOf(config));
    listenerPool.on('error', (error) => log.debug({ err: error }, 'card change listener connection error'));
    const listener = listenForCardChanges({
      connect: () => listenerPool.connect(),
      cache: finderCards,
      log: log.child({ part: 'card-cache' }),
      retryMs: config.SCAN_CARD_LISTENER_RETRY_MS,
    });
    app.addHook('onClose', async () => {
      await listener.stop();
      await listenerPool.end();
    });
  }
  app.addHook('onClose', async () => unregister());
  const deps: ScanDeps = {
    ...serviceDeps,
    finderCards,
    scans: createScanRecorder(db, {
      windowSeconds: config.SCAN_ALERT_WINDOW_SECONDS,
      budget: { perDay: config.SCAN_ALERTS_PER_DAY, perSenderPerDay: config.SCAN_ALERTS_PER_SENDER_PER_DAY },
    }),
    shares: createShareRecorder(db, {
      windowSeconds: config.LOCATION_SHARE_WINDOW_SECONDS,
      alertsPerDay: config.LOCATION_ALERTS_PER_DAY,
      alertsPerSenderPerDay: config.LOCATION_ALERTS_PER_SENDER_PER_DAY,
    }),
  };
  registerHistoryRoutes(app, deps);
  registerBraceletRoutes(app, deps);
  return app;
}
