import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createHttpServer } from './http.js';
import { createLogger } from './logger.js';
import { CACHE_MS, CHECK_DEADLINE_MS, type ReadinessCheck } from './readiness.js';

const silent = createLogger('test', 'silent');

function counting(behaviour: () => Promise<unknown>): ReadinessCheck & { calls: () => number } {
  let calls = 0;
  return {
    name: 'postgres',
    check: () => {
      calls += 1;
      return behaviour();
    },
    calls: () => calls,
  };
}

describe('readiness', () => {
  it('never waits more than about a second on a check that hangs, and says which is unavailable', async () => {
    const hanging = counting(() => new Promise(() => undefined));
    const app = createHttpServer({ logger: silent, readiness: [hanging, { name: 'redis', check: async () => 'PONG' }] });
    const started = performance.now();
    const response = await app.inject({ url: '/readyz' });
    expect(performance.now() - started).toBeLessThan(CHECK_DEADLINE_MS + 200);
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ status: 'not_ready', checks: { postgres: 'unavailable', redis: 'ok' } });
    // Liveness is the process only.
    expect((await app.inject({ url: '/healthz' })).statusCode).toBe(200);
  });

  it('runs its checks at most once a second, however many probes come', async () => {
    let up = true;
    const check = counting(async () => {
      if (!up) throw new Error('down');
    });
    const app = createHttpServer({ logger: silent, readiness: [check] });
    const answers = await Promise.all(Array.from({ length: 10 }, () => app.inject({ url: '/readyz' })));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(10).fill(200));
    up = false;
    expect((await app.inject({ url: '/readyz' })).statusCode).toBe(200);
    expect(check.calls()).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, CACHE_MS + 50));
    expect((await app.inject({ url: '/readyz' })).statusCode).toBe(503);
    expect(check.calls()).toBe(2);
  });

  it('answers 503 in the kit shape once the server is closing, while requests under way finish', async () => {
    const app = createHttpServer({ logger: silent, readiness: [] });
    app.get('/slow', async () => {
      await new Promise((resolve) => setTimeout(resolve, 300));
      return { done: true };
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    // One kept-alive connection: a request under way when close begins, then one more on it.
    const socket = connect(port, '127.0.0.1');
    let received = '';
    socket.on('data', (chunk) => {
      received += chunk.toString();
    });
    const ended = new Promise((resolve) => socket.on('close', resolve));
    socket.write('GET /slow HTTP/1.1\r\nHost: x\r\nConnection: keep-alive\r\n\r\n');
    await new Promise((resolve) => setTimeout(resolve, 50));
    const closed = app.close();
    await new Promise((resolve) => setTimeout(resolve, 20));
    socket.write('GET /readyz HTTP/1.1\r\nHost: x\r\nConnection: keep-alive\r\n\r\n');
    await closed;
    await ended;
    const [first, second] = received.split(/(?=HTTP\/1\.1 )/);
    expect(first).toMatch(/^HTTP\/1\.1 200/);
    expect(first).toContain('{"done":true}');
    expect(second).toMatch(/^HTTP\/1\.1 503/);
    expect(second).toContain('{"error":{"code":"unavailable","message":"Service momentanément indisponible. Veuillez réessayer."}}');
  });
});
