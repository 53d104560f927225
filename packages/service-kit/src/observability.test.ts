import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createHttpServer } from './http.js';
import { createLogger } from './logger.js';
import { metrics, startMetricsServer } from './metrics.js';
import { currentRequestId, runWithRequestId } from './request-context.js';

const log = createLogger('test', 'silent');

function buildServer(trustRequestId: boolean) {
  const app = createHttpServer({ logger: log, readiness: [], trustRequestId });
  // What a use case sees deep down (the outbox reads it the same way).
  app.get('/traced/:id', async () => {
    await new Promise((resolve) => setTimeout(resolve, 5));
    return { requestId: currentRequestId() ?? null };
  });
  return app;
}

describe('request ids', () => {
  it('takes the gateway’s id behind it, and the handler’s async work sees it', async () => {
    const app = buildServer(true);
    const response = await app.inject({ url: '/traced/1', headers: { 'x-request-id': 'req-from-gateway-1' } });
    expect(response.headers['x-request-id']).toBe('req-from-gateway-1');
    expect(response.json()).toEqual({ requestId: 'req-from-gateway-1' });
  });

  it('makes its own where the caller is not trusted, or sends something that is not an id', async () => {
    const gateway = buildServer(false);
    const own = await gateway.inject({ url: '/traced/1', headers: { 'x-request-id': 'forged-by-a-client' } });
    expect(own.json().requestId).toMatch(/^[0-9a-f-]{36}$/);
    const service = buildServer(true);
    const odd = await service.inject({ url: '/traced/1', headers: { 'x-request-id': 'bad id\u0000' } });
    expect(odd.json().requestId).toMatch(/^[0-9a-f-]{36}$/);
    // Concurrent requests keep their own.
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) => service.inject({ url: '/traced/1', headers: { 'x-request-id': `concurrent-${index}-id` } })),
    );
    expect(answers.map((answer) => answer.json().requestId)).toEqual(answers.map((_, index) => `concurrent-${index}-id`));
  });

  it('carries a consumed event’s id into what its handler does', async () => {
    expect(currentRequestId()).toBeUndefined();
    const seen = await runWithRequestId('event-request-id', async () => {
      await new Promise((resolve) => setTimeout(resolve, 1));
      return currentRequestId();
    });
    expect(seen).toBe('event-request-id');
  });
});

describe('metrics', () => {
  it('times each answer by route pattern and serves them on their own port only at /metrics', async () => {
    const app = buildServer(true);
    await app.inject({ url: '/traced/42' });
    const histogram = await metrics.getSingleMetricAsString('http_request_duration_seconds');
    expect(histogram).toMatch(/http_request_duration_seconds_count\{method="GET",route="\/traced\/:id",status_code="200"\} [1-9]/);

    const server = await startMetricsServer({ port: 0, host: '127.0.0.1', log });
    if (!server) throw new Error('no metrics server');
    try {
      const { port } = server.address() as AddressInfo;
      const scraped = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(scraped.headers.get('content-type')).toContain('text/plain');
      expect(await scraped.text()).toContain('route="/traced/:id"');
      expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(404);
    } finally {
      server.close();
    }
    expect(await startMetricsServer({ port: undefined, host: '127.0.0.1', log })).toBeUndefined();
  });
});
