import type { Redis } from 'ioredis';

/**
 * A @fastify/rate-limit store that decides in process and shares counts through Redis in the
 * background (issue 14: the Redis round trip was a sixth of scan's CPU on a finder's lookup).
 *
 * Each key (client address and route) counts locally; every FLUSH_MS the counts made since the
 * last flush are added to Redis in one pipeline, which answers the total across every replica.
 * A request is refused once that total, plus what this process counted since, reaches the limit:
 * the same limit as a Redis-only store, seen up to FLUSH_MS late across replicas, and still
 * enforced by each process alone while Redis is unreachable (the Redis-only store let everything
 * through then).
 */
const FLUSH_MS = 250;
/** Keys kept in memory at most (addresses rotating to flood memory are cut oldest first). */
const MAX_KEYS = 50_000;

type Counter = { windowEndsAt: number; known: number; pending: number; timeWindow: number };
type StoreResult = { current: number; ttl: number };

const addScript = `
  local total = redis.call('INCRBY', KEYS[1], ARGV[1])
  if total == tonumber(ARGV[1]) then redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
  local ttl = redis.call('PTTL', KEYS[1])
  if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[2]); ttl = tonumber(ARGV[2]) end
  return {total, ttl}
`;

type SharedState = { counters: Map<string, Counter>; timer: NodeJS.Timeout | undefined; flushing: boolean };

export function localFirstRateLimitStore(redis: Redis, nameSpace: string) {
  const shared: SharedState = { counters: new Map(), timer: undefined, flushing: false };
  const client = redis as Redis & { rateLimitAdd?: (key: string, count: number, windowMs: number) => Promise<[number, number]> };
  if (!client.rateLimitAdd) client.defineCommand('rateLimitAdd', { numberOfKeys: 1, lua: addScript });

  async function flush(): Promise<void> {
    shared.timer = undefined;
    if (shared.flushing) return schedule();
    shared.flushing = true;
    const now = Date.now();
    try {
      const batch: Array<[string, Counter, number]> = [];
      for (const [key, counter] of shared.counters) {
        if (counter.windowEndsAt <= now) shared.counters.delete(key);
        else if (counter.pending > 0) batch.push([key, counter, counter.pending]);
      }
      if (batch.length === 0 || redis.status !== 'ready') return;
      const pipeline = redis.pipeline();
      for (const [key, counter, count] of batch) {
        (pipeline as unknown as { rateLimitAdd(key: string, count: number, windowMs: number): void }).rateLimitAdd(
          key,
          count,
          counter.timeWindow,
        );
      }
      const results = (await pipeline.exec()) ?? [];
      for (const [index, [, counter, count]] of batch.entries()) {
        const [error, answer] = results[index] ?? [new Error('no answer'), null];
        if (error || !Array.isArray(answer)) continue;
        const [total, ttl] = answer as [number, number];
        // What Redis counted includes this flush; what was counted meanwhile stays pending.
        counter.pending -= count;
        counter.known = total;
        counter.windowEndsAt = Date.now() + ttl;
      }
    } catch {
      // Redis unreachable: the local counts go on deciding, and are added once it is back.
    } finally {
      shared.flushing = false;
      if ([...shared.counters.values()].some((counter) => counter.pending > 0)) schedule();
    }
  }

  function schedule(): void {
    if (shared.timer) return;
    shared.timer = setTimeout(() => void flush(), FLUSH_MS);
    shared.timer.unref();
  }

  function incr(key: string, timeWindow: number): StoreResult {
    const now = Date.now();
    let counter = shared.counters.get(key);
    if (!counter || counter.windowEndsAt <= now) {
      if (counter) shared.counters.delete(key);
      if (shared.counters.size >= MAX_KEYS) {
        const oldest = shared.counters.keys().next().value;
        if (oldest !== undefined) shared.counters.delete(oldest);
      }
      counter = { windowEndsAt: now + timeWindow, known: 0, pending: 0, timeWindow };
      shared.counters.set(key, counter);
    }
    counter.pending += 1;
    schedule();
    return { current: counter.known + counter.pending, ttl: counter.windowEndsAt - now };
  }

  /** One instance per route (the plugin calls child()), all sharing the counters and the flush. */
  class LocalFirstStore {
    private readonly prefix: string;

    /** The plugin passes its settings first; only a child names its route's prefix. */
    constructor(_settings?: unknown, prefix = nameSpace) {
      this.prefix = prefix;
    }

    incr(ip: string, callback: (error: Error | null, result: StoreResult) => void, timeWindow: number): void {
      callback(null, incr(`${this.prefix}${ip}`, timeWindow));
    }

    read(ip: string, callback: (error: Error | null, result: StoreResult) => void): void {
      const counter = shared.counters.get(`${this.prefix}${ip}`);
      const now = Date.now();
      callback(
        null,
        counter && counter.windowEndsAt > now
          ? { current: counter.known + counter.pending, ttl: counter.windowEndsAt - now }
          : { current: 0, ttl: 0 },
      );
    }

    /** The plugin passes its merged settings with `routeInfo`, the route's options (not what its types say). */
    child(routeOptions: unknown): LocalFirstStore {
      const route = (routeOptions as { routeInfo?: { method?: string; url?: string } }).routeInfo;
      return new LocalFirstStore(undefined, `${this.prefix}${route?.method ?? ''}${route?.url ?? ''}-`);
    }
  }
  return LocalFirstStore;
}
