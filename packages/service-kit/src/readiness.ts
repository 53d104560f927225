import type { Redis } from 'ioredis';
import type pg from 'pg';
import { withTimeout } from './timeout.js';

/** A dependency /readyz reports; only the critical ones (the default) make the process not ready. */
export type ReadinessCheck = { name: string; check: () => Promise<unknown>; critical?: boolean };

export type ReadinessReport = { ready: boolean; checks: Record<string, 'ok' | 'unavailable'> };

/**
 * A probe answers within ~1 s whatever the dependencies do: each check gets `CHECK_DEADLINE_MS`
 * (a frozen Postgres is "unavailable", not a hung probe), and a report is reused for
 * `CACHE_MS` so that probes from several places (kubelet, the gateway, ops) cost one round of
 * checks, never one per probe (ADR 016).
 */
export const CHECK_DEADLINE_MS = 800;
export const CACHE_MS = 1000;

/**
 * The pool hands out a connection and Postgres answers. The driver gives up reading at the check's
 * deadline too (pg reads `query_timeout` per query; its types omit it), so probes of a frozen
 * server do not pile up stuck connections in the pool: each is dropped after 0.8 s.
 */
export const postgresCheck = (pool: pg.Pool): ReadinessCheck => ({
  name: 'postgres',
  check: () => pool.query({ text: 'SELECT 1', query_timeout: CHECK_DEADLINE_MS } as pg.QueryConfig),
});

export const redisCheck = (redis: Redis): ReadinessCheck => ({
  name: 'redis',
  check: async () => {
    if (redis.status !== 'ready') throw new Error(`redis is ${redis.status}`);
    await redis.ping();
  },
});

async function reach(name: string, baseUrl: string, path: '/healthz' | '/readyz'): Promise<void> {
  const response = await fetch(new URL(path, baseUrl), { signal: AbortSignal.timeout(CHECK_DEADLINE_MS) });
  if (!response.ok) throw new Error(`${name} answered ${response.status}`);
}

/**
 * A service the gateway routes to is ready (its own /readyz: its process, its Postgres and its
 * Redis): reported, not critical (ADR 011, ADR 016).
 */
export const reachableCheck = (name: string, baseUrl: string): ReadinessCheck => ({
  name,
  critical: false,
  check: () => reach(name, baseUrl, '/readyz'),
});

/**
 * The gateway can reach at least one of the services it routes to (their /healthz: alive, whatever
 * their dependencies). A gateway that reaches none has a problem of its own (its network), and
 * another replica may do better; one service being down, or Postgres for all of them, is every
 * replica's problem, and taking them all out would drop the whole site — the finder's page and its
 * retries included (ADR 011).
 */
export const anyReachableCheck = (upstreams: Record<string, string>): ReadinessCheck => ({
  name: 'upstreams',
  check: () => Promise.any(Object.entries(upstreams).map(([name, url]) => reach(name, url, '/healthz'))),
});

/** Runs the checks at most once per CACHE_MS; probes arriving meanwhile share the report (or the round under way). */
export function createReadinessProbe(checks: readonly ReadinessCheck[], { cacheMs = CACHE_MS, deadlineMs = CHECK_DEADLINE_MS } = {}) {
  let last: { at: number; report: Promise<ReadinessReport> } | undefined;
  const evaluate = async (): Promise<ReadinessReport> => {
    const results = await Promise.all(
      checks.map(async ({ name, check, critical = true }) => {
        try {
          await withTimeout(check(), deadlineMs, `readiness check ${name}`);
          return { name, state: 'ok' as const, critical };
        } catch {
          return { name, state: 'unavailable' as const, critical };
        }
      }),
    );
    return {
      ready: results.every(({ state, critical }) => state === 'ok' || !critical),
      checks: Object.fromEntries(results.map(({ name, state }) => [name, state])),
    };
  };
  return (): Promise<ReadinessReport> => {
    const now = performance.now();
    // Counted from the start of the round: a report is never older than cacheMs plus one round.
    if (!last || now - last.at >= cacheMs) last = { at: now, report: evaluate() };
    return last.report;
  };
}
