import { buildServiceForTest, type ServiceUnderTest, startFreezableProxy } from '@bracelet/service-kit/testing';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../../services/catalog/src/app.js';
import { type Config, configSchema } from '../../services/catalog/src/config.js';
import { eventually, startOwnRedis } from './helpers.js';

/** A service's /readyz follows its Postgres and Redis, and a probe never waits long (ADR 016). */

const databaseUrl = inject('integration').serviceUrls.catalog;
const proxy = await startFreezableProxy({ host: '127.0.0.1', port: Number(new URL(databaseUrl).port || 5432) });
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
});
afterAll(async () => {
  proxy.thaw();
  await catalog.close();
  await redis.stop().catch(() => undefined);
  await proxy.close();
});

async function probe() {
  const started = performance.now();
  const response = await catalog.app.inject({ url: '/readyz' });
  return { status: response.statusCode, checks: response.json().checks as Record<string, string>, ms: performance.now() - started };
}

const readyAgain = () => eventually(async () => ((await probe()).status === 200 ? true : undefined), 15_000, 200);

describe('readiness tells the truth', () => {
  it('is ready with its Postgres and Redis', async () => {
    await readyAgain();
    expect(await probe()).toMatchObject({ status: 200, checks: { postgres: 'ok', redis: 'ok' } });
  });

  it('goes 503 while its Redis is stopped, and back to 200 when it returns; liveness stays 200', async () => {
    await redis.stop();
    const down = await eventually(async () => {
      const answer = await probe();
      return answer.status === 503 ? answer : undefined;
    }, 5000);
    expect(down.checks).toEqual({ postgres: 'ok', redis: 'unavailable' });
    expect(down.ms).toBeLessThan(1200);
    expect((await catalog.app.inject({ url: '/healthz' })).statusCode).toBe(200);
    await redis.restart();
    await readyAgain();
  }, 30_000);

  it('goes 503 within about a second while its Postgres is frozen, and back to 200 when it thaws', async () => {
    await readyAgain();
    proxy.freeze();
    try {
      // The previous report may be reused for up to a second: then the frozen server is seen.
      const down = await eventually(async () => {
        const answer = await probe();
        expect(answer.ms).toBeLessThan(1200);
        return answer.status === 503 ? answer : undefined;
      }, 5000);
      expect(down.checks).toEqual({ postgres: 'unavailable', redis: 'ok' });
      expect((await catalog.app.inject({ url: '/healthz' })).statusCode).toBe(200);
    } finally {
      proxy.thaw();
    }
    await readyAgain();
  }, 30_000);
});
