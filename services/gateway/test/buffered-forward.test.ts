import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { configSchema } from '../src/config.js';

/** The finder's lookup, forwarded whole from memory (route table `buffered`), against a stand-in scan. */
const frontendsDir = mkdtempSync(join(tmpdir(), 'gateway-buffered-'));
for (const path of ['shell/dist/index.html', ...['shop', 'family', 'backoffice'].map((remote) => `${remote}/dist/assets/remoteEntry.js`)]) {
  mkdirSync(join(frontendsDir, path, '..'), { recursive: true });
  writeFileSync(join(frontendsDir, path), '<!doctype html><title>x</title>');
}
const down = 'http://127.0.0.1:9';
const seen: Array<{ method: string; url: string; headers: Record<string, unknown> }> = [];
let scan: FastifyInstance;
let gateway: Awaited<ReturnType<typeof buildApp>>;

beforeAll(async () => {
  scan = Fastify();
  scan.get('/get_child_by_bracelet/:id', async (request, reply) => {
    seen.push({ method: request.method, url: request.url, headers: request.headers });
    const { id } = request.params as { id: string };
    if (id === 'huge') return reply.send({ padding: 'x'.repeat(300_000) });
    if (id === 'unknown') return reply.code(404).send({ error: { code: 'not_found', message: 'Ce bracelet est invalide' } });
    return reply
      .header('x-family-alerted', '0')
      .header('cache-control', 'no-store')
      .header('keep-alive', 'timeout=5')
      .send({ bracelet: { id, configured: '0' }, child: null, emergency_contact: null });
  });
  const address = await scan.listen({ port: 0, host: '127.0.0.1' });
  gateway = await buildApp(
    configSchema.parse({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      FRONTENDS_DIR: frontendsDir,
      SCAN_URL: address,
      ...Object.fromEntries(['CATALOG_URL', 'CHECKOUT_URL', 'FAMILY_URL', 'FULFILMENT_URL', 'NOTIFIER_URL'].map((name) => [name, down])),
      IDENTITY_SECRET: 'a-test-identity-secret-of-32-chars!',
    }),
  );
});
afterAll(async () => {
  await gateway.close();
  await scan.close();
  rmSync(frontendsDir, { recursive: true, force: true });
});

describe("the finder's lookup, forwarded whole", () => {
  it("passes the service's status, headers and body on, and none of its hop-by-hop headers", async () => {
    const answer = await gateway.inject({ url: '/get_child_by_bracelet/abc?x=1', remoteAddress: '203.0.113.5' });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ bracelet: { id: 'abc', configured: '0' }, child: null, emergency_contact: null });
    expect(answer.headers['x-family-alerted']).toBe('0');
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(answer.headers['keep-alive']).toBeUndefined();
    expect(seen.at(-1)).toMatchObject({ method: 'GET', url: '/get_child_by_bracelet/abc?x=1' });
    expect(seen.at(-1)?.headers['x-forwarded-for']).toBe('203.0.113.5');

    const unknown = await gateway.inject({ url: '/get_child_by_bracelet/unknown' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe('Ce bracelet est invalide');
  });

  it('does not forward the headers a client names in Connection, nor its hop-by-hop ones', async () => {
    await gateway.inject({
      url: '/get_child_by_bracelet/abc',
      headers: { connection: 'keep-alive, x-hop', 'x-hop': 'secret', 'keep-alive': 'timeout=1', 'x-kept': 'yes' },
    });
    const headers = seen.at(-1)?.headers ?? {};
    expect(headers['x-hop']).toBeUndefined();
    expect(headers['keep-alive']).toBeUndefined();
    expect(headers['x-kept']).toBe('yes');
  });

  it('answers 503 in French instead of passing an oversized answer on', async () => {
    const answer = await gateway.inject({ url: '/get_child_by_bracelet/huge' });
    expect(answer.statusCode).toBe(503);
    expect(answer.json().error.message).toBe('Service momentanément indisponible. Veuillez réessayer.');
  });

  it('forwards HEAD as HEAD', async () => {
    const answer = await gateway.inject({ method: 'HEAD', url: '/get_child_by_bracelet/abc' });
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toBe('');
    expect(seen.at(-1)?.method).toBe('HEAD');
  });
});
