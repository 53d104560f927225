import { Redis } from 'ioredis';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { localFirstRateLimitStore } from './rate-limit-store.js';

const connections: Redis[] = [];
const connect = (url: string) => {
  const redis = new Redis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: false });
  redis.on('error', () => undefined);
  connections.push(redis);
  return redis;
};
afterAll(() => {
  for (const redis of connections) redis.disconnect();
});
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const WINDOW = 60_000;

/** The count the plugin compares with the limit, for one request of `ip` on a route's store. */
function countOf(
  store: { incr(ip: string, callback: (error: Error | null, result: { current: number }) => void, timeWindow: number): void },
  ip: string,
) {
  return new Promise<number>((resolve) => store.incr(ip, (_error, result) => resolve(result.current), WINDOW));
}

describe('the in-process rate-limit store shared through Redis', () => {
  it('counts each request at once and, within a flush, sees what the other replicas counted', async () => {
    const { redisUrl } = inject('integration');
    const nameSpace = `rate-${globalThis.crypto.randomUUID().slice(0, 8)}:`;
    const route = { routeInfo: { method: 'GET', url: '/get_child_by_bracelet/:id' } };
    const first = new (localFirstRateLimitStore(connect(redisUrl), nameSpace))().child(route);
    const second = new (localFirstRateLimitStore(connect(redisUrl), nameSpace))().child(route);
    await new Promise((resolve) => setTimeout(resolve, 200));

    const counts = [];
    for (let request = 0; request < 6; request += 1) counts.push(await countOf(first, '192.0.2.1'));
    expect(counts).toEqual([1, 2, 3, 4, 5, 6]);
    await sleep(400);
    // The other replica learns the shared total at its own first flush.
    expect(await countOf(second, '192.0.2.1')).toBe(1);
    await sleep(400);
    expect(await countOf(second, '192.0.2.1')).toBe(8);
    // Another address, and the same address on another route, count apart.
    expect(await countOf(second, '192.0.2.2')).toBe(1);
    const otherRoute = new (localFirstRateLimitStore(connect(redisUrl), nameSpace))().child({
      routeInfo: { method: 'POST', url: '/share_location' },
    });
    expect(await countOf(otherRoute, '192.0.2.1')).toBe(1);
  });

  it('still counts, per process, while Redis cannot be reached', async () => {
    const unreachable = connect('redis://127.0.0.1:9');
    const store = new (localFirstRateLimitStore(unreachable, 'down:'))().child({ routeInfo: { method: 'GET', url: '/x' } });
    const counts = [];
    for (let request = 0; request < 5; request += 1) counts.push(await countOf(store, '192.0.2.9'));
    await sleep(300);
    counts.push(await countOf(store, '192.0.2.9'));
    expect(counts).toEqual([1, 2, 3, 4, 5, 6]);
  });
});
