import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { createEvent, queueNameFor } from '@bracelet/contracts';
import { freePort, repoRoot } from '@bracelet/devstack';
import { createPool, createWorkerConnection, deliveryOptions } from '@bracelet/service-kit';
import { startFreezableProxy } from '@bracelet/service-kit/testing';
import { Queue } from 'bullmq';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { eventually, startOwnRedis } from './helpers.js';

/**
 * SIGTERM stops a service process within SHUTDOWN_DEADLINE_MS whatever Postgres and Redis are doing
 * (ADR 016): real processes, as npm start and Kubernetes run them.
 */

type Running = { child: ChildProcess; url: string; lines: string[]; exited: Promise<{ code: number | null; at: number }> };
const started: ChildProcess[] = [];
afterAll(() => {
  for (const child of started) if (child.exitCode === null) child.kill('SIGKILL');
});

async function startService(service: 'catalog' | 'family', env: Record<string, string>): Promise<Running> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', join(repoRoot, `services/${service}/src/server.ts`)], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'info',
      DATABASE_SCHEMA: service,
      IDENTITY_SECRET: 'a-test-identity-secret-of-32-chars!',
      QUEUE_PREFIX: `shutdown-${globalThis.crypto.randomUUID().slice(0, 8)}`,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.push(child);
  const lines: string[] = [];
  for (const stream of [child.stdout, child.stderr])
    stream?.on('data', (chunk: Buffer) => lines.push(...chunk.toString().split('\n').filter(Boolean)));
  const exited = new Promise<{ code: number | null; at: number }>((resolve) =>
    child.on('exit', (code) => resolve({ code, at: performance.now() })),
  );
  const url = `http://127.0.0.1:${port}`;
  await eventually(
    async () => {
      if (child.exitCode !== null) throw new Error(`${service} exited: ${lines.join('\n')}`);
      const ready = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(2000) }).catch(() => undefined);
      return ready?.status === 200 ? true : undefined;
    },
    60_000,
    200,
  );
  return { child, url, lines, exited };
}

const readiness = (url: string) =>
  fetch(`${url}/readyz`, { signal: AbortSignal.timeout(3000) })
    .then(async (response) => ({ status: response.status, body: (await response.json()) as { checks: Record<string, string> } }))
    .catch(() => undefined);

/** Sends SIGTERM and gives how long the process took to exit, and its exit code. */
async function terminate(running: Running): Promise<{ ms: number; code: number | null }> {
  const sent = performance.now();
  running.child.kill('SIGTERM');
  const { code, at } = await running.exited;
  return { ms: at - sent, code };
}

const logged = (running: Running, words: string) => running.lines.find((line) => line.includes(words));

describe('bounded shutdown', () => {
  // catalog: HTTP and the outbox relay; family: also a BullMQ worker, whose blocking connection waits through outages.
  it.each(['catalog', 'family'] as const)(
    'stops %s within 10 s of SIGTERM while its Redis is stopped',
    async (service) => {
      const redis = await startOwnRedis();
      const running = await startService(service, { DATABASE_URL: inject('integration').serviceUrls[service], REDIS_URL: redis.url });
      await redis.stop();
      await eventually(async () => ((await readiness(running.url))?.body.checks.redis === 'unavailable' ? true : undefined), 10_000);
      const { ms, code } = await terminate(running);
      expect(ms).toBeLessThan(10_000);
      // Nothing was under way: nothing to abandon, a clean exit (BullMQ's close alone would wait for Redis).
      expect(code).toBe(0);
      expect(logged(running, 'stopped')).toBeDefined();
    },
    90_000,
  );

  it('with Postgres frozen and Redis stopped, answers the request in flight with a 503 and exits within the deadline, naming what it abandoned', async () => {
    const redis = await startOwnRedis();
    const databaseUrl = inject('integration').serviceUrls.catalog;
    const proxy = await startFreezableProxy({ host: '127.0.0.1', port: Number(new URL(databaseUrl).port || 5432) });
    try {
      const running = await startService('catalog', { DATABASE_URL: proxy.url(databaseUrl), REDIS_URL: redis.url });
      proxy.freeze();
      await redis.stop();
      const inFlight = fetch(`${running.url}/catalog/products`, { signal: AbortSignal.timeout(15_000) }).then(
        async (response) => ({ status: response.status, body: await response.json() }),
        (error: Error) => ({ status: 0, body: String(error) }),
      );
      await new Promise((resolve) => setTimeout(resolve, 200));
      const { ms, code } = await terminate(running);
      expect(ms).toBeLessThan(10_000);
      // The request got its deadline (the statement's, 5.5 s), within the shutdown's.
      expect(await inFlight).toEqual({
        status: 503,
        body: { error: { code: 'unavailable', message: 'Service momentanément indisponible. Veuillez réessayer.' } },
      });
      // The pool cannot close on a frozen server: the deadline cuts it short, and says so.
      expect(code).toBe(1);
      expect(logged(running, 'shutdown deadline reached, abandoned:')).toContain('postgres pool');
    } finally {
      proxy.thaw();
      await proxy.close();
    }
  }, 90_000);

  it('abandons a job stuck on Postgres at the deadline, uncommitted, and another process applies it once', async () => {
    const redis = await startOwnRedis();
    // Two: the blocker holds one connection while the test reads with the other.
    const admin = createPool(inject('integration').adminUrl, 'family', 2);
    const blocker = await admin.connect();
    const braceletId = Array.from({ length: 20 }, () => '0123456789abcdefghjk'[Math.floor(Math.random() * 20)]).join('');
    const env = {
      DATABASE_URL: inject('integration').serviceUrls.family,
      REDIS_URL: redis.url,
      QUEUE_PREFIX: `shutdown-job-${globalThis.crypto.randomUUID().slice(0, 8)}`,
      SHUTDOWN_DEADLINE_MS: '2000',
      // The stuck statement outlasts the shutdown deadline.
      DB_STATEMENT_TIMEOUT_MS: '20000',
    };
    const producer = createWorkerConnection(redis.url);
    const queue = new Queue(queueNameFor('family'), { connection: producer, prefix: env.QUEUE_PREFIX });
    try {
      const first = await startService('family', env);
      // An uncommitted insert of the same bracelet: the handler's insert waits on it.
      await blocker.query('BEGIN');
      await blocker.query('INSERT INTO family.bracelets (id) VALUES ($1)', [braceletId]);
      const event = createEvent('bracelets.minted', { batchId: globalThis.crypto.randomUUID(), braceletIds: [braceletId] });
      await queue.add(event.name, event, { ...deliveryOptions, jobId: event.eventId });
      await eventually(async () => ((await queue.getJobState(event.eventId)) === 'active' ? true : undefined), 15_000);

      const { ms, code } = await terminate(first);
      expect(ms).toBeLessThan(3000);
      expect(code).toBe(1);
      expect(logged(first, 'shutdown deadline reached, abandoned:')).toContain('event jobs in progress');
      await blocker.query('ROLLBACK');
      // Nothing of the job was committed: its transaction died with the process.
      const processed = () => admin.query('SELECT 1 FROM family.processed_events WHERE event_id = $1', [event.eventId]);
      expect((await processed()).rowCount).toBe(0);
      expect((await admin.query('SELECT 1 FROM family.bracelets WHERE id = $1', [braceletId])).rowCount).toBe(0);

      // The job's lock lapses (15 s) and the next process's stalled check (10 s) takes it again.
      const second = await startService('family', { ...env, SHUTDOWN_DEADLINE_MS: '10000' });
      await eventually(async () => ((await queue.getJobState(event.eventId)) === 'completed' ? true : undefined), 45_000, 500);
      expect((await processed()).rowCount).toBe(1);
      expect((await admin.query('SELECT 1 FROM family.bracelets WHERE id = $1', [braceletId])).rowCount).toBe(1);
      expect((await terminate(second)).code).toBe(0);
    } finally {
      await blocker.query('ROLLBACK').catch(() => undefined);
      blocker.release();
      await admin.end();
      await queue.close();
      producer.disconnect();
      await redis.stop();
    }
  }, 120_000);
});
