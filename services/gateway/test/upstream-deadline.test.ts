import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { configSchema } from '../src/config.js';

const frontendsDir = mkdtempSync(join(tmpdir(), 'gateway-deadline-'));
mkdirSync(join(frontendsDir, 'shell/dist'), { recursive: true });
writeFileSync(join(frontendsDir, 'shell/dist/index.html'), '<!doctype html><title>shell</title>');
const secret = 'a-test-identity-secret-of-32-chars!';
const down = 'http://127.0.0.1:9';
let silent: Server;
const held = new Set<Socket>();
let notReady: FastifyInstance;
let slow: FastifyInstance;

/** A service that accepts connections and never answers: a frozen process, or one stuck on its database. */
async function startSilentService(): Promise<string> {
  silent = createServer((socket) => {
    held.add(socket);
    socket.on('data', () => undefined);
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(silent.address() as { port: number }).port}`;
}

function gatewayFor(urls: { scan: string; catalog: string; fulfilment?: string }, timeoutMs: number) {
  return buildApp(
    configSchema.parse({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      FRONTENDS_DIR: frontendsDir,
      SCAN_URL: urls.scan,
      CATALOG_URL: urls.catalog,
      CHECKOUT_URL: down,
      FAMILY_URL: down,
      FULFILMENT_URL: urls.fulfilment ?? down,
      NOTIFIER_URL: down,
      IDENTITY_SECRET: secret,
      UPSTREAM_TIMEOUT_MS: String(timeoutMs),
    }),
  );
}

beforeAll(async () => {
  // Alive (its process answers) but not ready (its database is unreachable).
  notReady = Fastify();
  notReady.get('/healthz', async () => ({ status: 'ok' }));
  notReady.get('/readyz', async (_request, reply) => reply.code(503).send({ status: 'not_ready', checks: { postgres: 'unavailable' } }));
  await notReady.listen({ port: 0, host: '127.0.0.1' });
  // Answers everything after 2 s: a sheet of QR codes being drawn, or a service stuck for a while.
  slow = Fastify();
  const late = async () => {
    await new Promise((resolve) => setTimeout(resolve, 2000));
    return { drawn: true };
  };
  slow.get('/batches/:id/sheet.pdf', late);
  slow.get('/orders', late);
  await slow.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  for (const socket of held) socket.destroy();
  silent?.close();
  await notReady.close();
  await slow.close();
  rmSync(frontendsDir, { recursive: true, force: true });
});

describe('gateway deadlines', () => {
  it('waits 8 s for a service by default: below the pages’ 10 s, above a service’s own database deadlines', () => {
    expect(
      configSchema.parse({
        FRONTENDS_DIR: '/tmp',
        CATALOG_URL: down,
        CHECKOUT_URL: down,
        FAMILY_URL: down,
        SCAN_URL: down,
        FULFILMENT_URL: down,
        NOTIFIER_URL: down,
        IDENTITY_SECRET: secret,
      }).UPSTREAM_TIMEOUT_MS,
    ).toBe(8000);
  });

  it('answers a French 503 within its upstream timeout when a service accepts the connection but never answers', async () => {
    const gateway = await gatewayFor({ scan: await startSilentService(), catalog: down }, 600);
    try {
      const started = performance.now();
      const response = await gateway.inject({ url: '/get_child_by_bracelet/0000000000000000abcd' });
      const ms = performance.now() - started;
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({
        error: { code: 'unavailable', message: 'Service momentanément indisponible. Veuillez réessayer.' },
      });
      expect(ms).toBeGreaterThanOrEqual(550);
      expect(ms).toBeLessThan(2000);
    } finally {
      await gateway.close();
    }
  });

  it('reports a service that answers but is not ready, and stays ready itself (ADR 011)', async () => {
    const address = notReady.server.address() as { port: number };
    const gateway = await gatewayFor({ scan: `http://127.0.0.1:${address.port}`, catalog: down }, 8000);
    try {
      const response = await gateway.inject({ url: '/readyz' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ status: 'ready', checks: { upstreams: 'ok', scan: 'unavailable', catalog: 'unavailable' } });
    } finally {
      await gateway.close();
    }
  });

  it('gives a route slow by nature (a sheet of QR codes) its own longer timeout, and no other', async () => {
    const gateway = await gatewayFor(
      { scan: down, catalog: down, fulfilment: `http://127.0.0.1:${(slow.server.address() as { port: number }).port}` },
      300,
    );
    try {
      const sheet = await gateway.inject({ url: `/batches/${globalThis.crypto.randomUUID()}/sheet.pdf` });
      expect(sheet.statusCode).toBe(200);
      expect(sheet.json()).toEqual({ drawn: true });
      expect((await gateway.inject({ url: '/orders' })).statusCode).toBe(503);
    } finally {
      await gateway.close();
    }
  });
});
