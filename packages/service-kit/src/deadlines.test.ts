import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createPool, withTransaction } from './db.js';
import { createHttpServer } from './http.js';
import { createLogger } from './logger.js';
import { CHECK_DEADLINE_MS, postgresCheck } from './readiness.js';
import { startFreezableProxy } from './testing/index.js';

// Short deadlines so the test is quick; the defaults (2 s, 5 s) are the same mechanism.
const deadlines = { acquireMs: 400, statementMs: 800 };
const readMargin = 500;
const unavailable = { error: { code: 'unavailable', message: 'Service momentanément indisponible. Veuillez réessayer.' } };
const databaseUrl = () => inject('integration').serviceUrls.catalog;

const proxy = await startFreezableProxy({ host: '127.0.0.1', port: Number(new URL(databaseUrl()).port || 5432) });
const direct = createPool(databaseUrl(), 'catalog', 2, deadlines);
const throughProxy = createPool(proxy.url(databaseUrl()), 'catalog', 1, deadlines);
const table = `deadline_probe_${globalThis.crypto.randomUUID().slice(0, 8)}`;

function serverOn(pool: typeof direct) {
  const app = createHttpServer({ logger: createLogger('test', 'silent'), readiness: [] });
  app.get('/sleep', async () => (await pool.query('SELECT pg_sleep(30)')).rowCount);
  app.get('/locked', async () => (await pool.query(`SELECT count(*) FROM ${table}`)).rows);
  app.get('/one', async () => (await pool.query('SELECT 1 AS one')).rows);
  app.get('/transaction', async () => withTransaction(pool, async (tx) => (await tx.query('SELECT 1 AS one')).rows));
  app.get('/bug', async () => (await pool.query('SELECT * FROM no_such_table')).rows);
  return app;
}

async function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await work();
  return { value, ms: performance.now() - started };
}

beforeAll(async () => {
  await direct.query(`CREATE TABLE ${table} (id int)`);
});
afterAll(async () => {
  proxy.thaw();
  await direct.query(`DROP TABLE IF EXISTS ${table}`);
  await Promise.all([direct.end(), throughProxy.end().catch(() => undefined)]);
  await proxy.close();
});

describe('every wait on Postgres has a deadline', () => {
  it('a statement past statement_timeout answers a French 503 in the kit shape, not a 500', async () => {
    const app = serverOn(direct);
    const { value: response, ms } = await timed(() => app.inject({ url: '/sleep' }));
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual(unavailable);
    expect(ms).toBeGreaterThanOrEqual(deadlines.statementMs - 50);
    expect(ms).toBeLessThan(deadlines.statementMs + 1000);
    // A real bug stays a 500: only a dependency that cannot serve is a 503.
    expect((await app.inject({ url: '/bug' })).statusCode).toBe(500);
  });

  it('a table locked by another session answers 503 within the deadline, and the pool still works after', async () => {
    const holder = createPool(databaseUrl(), 'catalog', 1);
    const lock = await holder.connect();
    try {
      await lock.query('BEGIN');
      await lock.query(`LOCK TABLE ${table} IN ACCESS EXCLUSIVE MODE`);
      const app = serverOn(direct);
      const { value: response, ms } = await timed(() => app.inject({ url: '/locked' }));
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual(unavailable);
      expect(ms).toBeLessThan(deadlines.statementMs + 1000);
      await lock.query('ROLLBACK');
      expect((await app.inject({ url: '/locked' })).statusCode).toBe(200);
    } finally {
      lock.release();
      await holder.end();
    }
  });

  it('a frozen server (connections open, no answer) gives 503 after the read deadline, then the acquire deadline', async () => {
    const app = serverOn(throughProxy);
    expect((await app.inject({ url: '/one' })).statusCode).toBe(200);
    proxy.freeze();
    try {
      // The pool's one connection is open: its query gets no answer.
      const stuck = await timed(() => app.inject({ url: '/one' }));
      expect(stuck.value.statusCode).toBe(503);
      expect(stuck.value.json()).toEqual(unavailable);
      expect(stuck.ms).toBeLessThan(deadlines.statementMs + readMargin + 1000);
      // That connection was dropped; a new one cannot open: the acquire deadline answers.
      const opening = await timed(() => app.inject({ url: '/transaction' }));
      expect(opening.value.statusCode).toBe(503);
      expect(opening.ms).toBeLessThan(deadlines.acquireMs + 1000);
    } finally {
      proxy.thaw();
    }
    expect((await app.inject({ url: '/transaction' })).statusCode).toBe(200);
  });

  it('a transaction whose server freezes fails within the read deadline, without waiting on its ROLLBACK', async () => {
    const started = performance.now();
    const outcome = withTransaction(throughProxy, async (tx) => {
      proxy.freeze();
      return tx.query('SELECT 1');
    });
    await expect(outcome).rejects.toThrow('Query read timeout');
    proxy.thaw();
    expect(performance.now() - started).toBeLessThan(deadlines.statementMs + readMargin + 1000);
    expect((await throughProxy.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
  });

  it('a readiness check of a frozen server gives up reading at its own deadline, so probes do not pile up stuck connections', async () => {
    // The pool's read deadline here is 1.3 s; the check's is 0.8 s.
    expect((await throughProxy.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
    proxy.freeze();
    try {
      const started = performance.now();
      await expect(postgresCheck(throughProxy).check()).rejects.toThrow('Query read timeout');
      expect(performance.now() - started).toBeLessThan(CHECK_DEADLINE_MS + 300);
    } finally {
      proxy.thaw();
    }
    expect((await throughProxy.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
  });
});
