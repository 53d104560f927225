import { buildServiceForTest } from '@bracelet/service-kit/testing';
import { inject } from 'vitest';
import { buildApp } from '../src/app.js';
import { configSchema } from '../src/config.js';

/** Catalog's app on this run's database and Redis, as the gateway would call it. */
export function startCatalogApp(overrides: Record<string, string> = {}) {
  const { serviceUrls, redisUrl } = inject('integration');
  return buildServiceForTest({
    name: 'catalog',
    configSchema,
    buildApp,
    env: {
      DATABASE_URL: serviceUrls.catalog,
      DATABASE_SCHEMA: 'catalog',
      REDIS_URL: redisUrl,
      IDENTITY_SECRET: 'catalog-test-identity-secret-00000000',
      TRACKING_PER_MINUTE: '10000',
      CONTACTS_PER_HOUR: '10000',
      ...overrides,
    },
  });
}
