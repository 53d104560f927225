import { baseConfigSchema, processConfigSchema } from '@bracelet/service-kit';
import { buildServiceForTest, type ServiceUnderTest, startFreezableProxy } from '@bracelet/service-kit/testing';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../../services/catalog/src/app.js';
import { type Config, configSchema } from '../../services/catalog/src/config.js';
import { startOwnRedis } from './helpers.js';

/**
 * A real service's routes with the deadlines runService gives it, at their default values: a stuck
 * Postgres or a stopped Redis makes a request fail fast in French, never hang (ADR 016).
 */

const databaseUrl = inject('integration').serviceUrls.catalog;
const proxy = await startFreezableProxy({ host: '127.0.0.1', port: Number(new URL(databaseUrl).port || 5432) });
const unavailable = { error: { code: 'unavailable', message: 'Service momentanément indisponible. Veuillez réessayer.' } };
let redis: Awaited<ReturnType<typeof startOwnRedis>>;
let catalog: ServiceUnderTest<Config>;

beforeAll(async () => {
  redis = await startOwnRedis();
  catalog = await buildServiceForTest({
    name: 'catalog',
    configSchema,
    buildApp,
    withDeadlines: true,
    env: { DATABASE_URL: proxy.url(databaseUrl), DATABASE_SCHEMA: 'catalog', REDIS_URL: redis.url, IDENTITY_SECRET: 'x'.repeat(32) },
  });
  // A route that needs Redis itself (as a queue or a counter would).
  catalog.app.get('/needs-redis', async () => ({ value: await catalog.redis.get('anything') }));
});
afterAll(async () => {
  proxy.thaw();
  await catalog.close();
  await redis.stop().catch(() => undefined);
  await proxy.close();
});

async function timed(request: string | InjectOptions) {
  const started = performance.now();
  const response = await catalog.app.inject(request);
  return { response, ms: performance.now() - started };
}

const visit = () => ({
  method: 'POST' as const,
  url: '/track_visit/',
  payload: { visit_id: globalThis.crypto.randomUUID(), visitor_id: globalThis.crypto.randomUUID() },
});

describe('deadlines on a service route', () => {
  it('has the numbers of ADR 016 by default', () => {
    const env = {
      PORT: '1',
      DATABASE_URL: 'postgres://u@127.0.0.1/db',
      DATABASE_SCHEMA: 'catalog',
      REDIS_URL: 'redis://127.0.0.1:6379',
      IDENTITY_SECRET: 'x'.repeat(32),
    };
    expect(baseConfigSchema.parse(env)).toMatchObject({
      DB_ACQUIRE_TIMEOUT_MS: 2000,
      DB_STATEMENT_TIMEOUT_MS: 5000,
      REDIS_CONNECT_TIMEOUT_MS: 2000,
      REDIS_COMMAND_TIMEOUT_MS: 1000,
      SHUTDOWN_DEADLINE_MS: 10_000,
    });
    expect(processConfigSchema.parse(env).SHUTDOWN_DEADLINE_MS).toBe(10_000);
  });

  it('answers a French 503 in the kit shape within 5.5 s when its Postgres is frozen, and serves again once it thaws', async () => {
    expect((await catalog.app.inject({ url: '/catalog/products' })).statusCode).toBe(200);
    proxy.freeze();
    try {
      const { response, ms } = await timed({ url: '/catalog/products' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual(unavailable);
      expect(ms).toBeLessThan(5500 + 1000);
    } finally {
      proxy.thaw();
    }
    expect((await catalog.app.inject({ url: '/catalog/products' })).statusCode).toBe(200);
  }, 20_000);

  it('with its Redis stopped, answers 503 within about a second where Redis is needed, and serves where it is not', async () => {
    expect((await catalog.app.inject(visit())).statusCode).toBe(200);
    await redis.stop();
    try {
      const needsRedis = await timed({ url: '/needs-redis' });
      expect(needsRedis.response.statusCode).toBe(503);
      expect(needsRedis.response.json()).toEqual(unavailable);
      expect(needsRedis.ms).toBeLessThan(1000 + 500);
      // Rate limits are skipped when Redis cannot answer in time: the visit is still recorded.
      const visited = await timed(visit());
      expect(visited.response.statusCode).toBe(200);
      expect(visited.ms).toBeLessThan(1000 + 500);
    } finally {
      await redis.restart();
    }
  }, 20_000);
});
