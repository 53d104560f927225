import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type DataService, freePort, type RedisHandle, startPrivateRedis } from '@bracelet/devstack';
import { createLogger, createPool, type Pool } from '@bracelet/service-kit';
import { inject } from 'vitest';

export const silentLog = createLogger('test', 'silent');

/** A pool on a service's schema, as that service's own role. */
export function servicePool(service: DataService): Pool {
  return createPool(inject('integration').serviceUrls[service], service, 4);
}

export { eventually } from '@bracelet/service-kit/testing';

/** A redis-server owned by the test, which it may stop and restart on the same port. */
export async function startOwnRedis(): Promise<{ url: string; stop(): Promise<void>; restart(): Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), 'bracelet-redis-'));
  const port = await freePort();
  let handle: RedisHandle = await startPrivateRedis(dir, port);
  return {
    url: handle.url,
    stop: () => handle.stop(),
    async restart() {
      handle = await startPrivateRedis(dir, port);
    },
  };
}
