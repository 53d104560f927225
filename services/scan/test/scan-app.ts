import type { EventOf, EventsFor } from '@bracelet/contracts';
import { buildServiceForTest, runHandler } from '@bracelet/service-kit/testing';
import { inject } from 'vitest';
import { buildApp } from '../src/app.js';
import { configSchema } from '../src/config.js';
import { scanEventHandlers } from '../src/events/handlers.js';

export const identitySecret = 'scan-test-identity-secret-00000000000';

/** Scan's app on this run's database and Redis, as the gateway would call it. */
export function startScanApp(overrides: Record<string, string> = {}, poolSize = 4) {
  const { serviceUrls, redisUrl } = inject('integration');
  return buildServiceForTest({
    name: 'scan',
    configSchema,
    buildApp,
    poolSize,
    env: { DATABASE_URL: serviceUrls.scan, DATABASE_SCHEMA: 'scan', REDIS_URL: redisUrl, IDENTITY_SECRET: identitySecret, ...overrides },
  });
}

/** Applies an event to scan's read model as its consumer would. */
export const applyTo = (scan: Awaited<ReturnType<typeof startScanApp>>) => (event: EventOf<EventsFor<'scan'>>) =>
  runHandler(scan.db, scanEventHandlers, event, scan.log);
