import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { configSchema } from '../src/config.js';

const frontendsDir = mkdtempSync(join(tmpdir(), 'gateway-no-retry-'));
mkdirSync(join(frontendsDir, 'shell/dist'), { recursive: true });
writeFileSync(join(frontendsDir, 'shell/dist/index.html'), '<!doctype html><title>shell</title>');
const down = 'http://127.0.0.1:9';
let scan: FastifyInstance;
let asked = 0;

beforeAll(async () => {
  // A scan whose database is stuck: it answers its own 503 (its deadline), then would serve again.
  scan = Fastify();
  scan.get('/get_child_by_bracelet/:id', async (_request, reply) => {
    asked += 1;
    if (asked === 1) return reply.code(503).send({ error: { code: 'unavailable', message: 'Service momentanément indisponible.' } });
    return { bracelet: { id: 'x', configured: '0' }, child: null, emergency_contact: null };
  });
  await scan.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await scan.close();
  rmSync(frontendsDir, { recursive: true, force: true });
});

describe('the gateway and a service that answers 503', () => {
  it('passes the 503 on at once instead of asking again (the finder’s page retries by itself)', async () => {
    const gateway = await buildApp(
      configSchema.parse({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        FRONTENDS_DIR: frontendsDir,
        SCAN_URL: `http://127.0.0.1:${(scan.server.address() as { port: number }).port}`,
        CATALOG_URL: down,
        CHECKOUT_URL: down,
        FAMILY_URL: down,
        FULFILMENT_URL: down,
        NOTIFIER_URL: down,
        IDENTITY_SECRET: 'a-test-identity-secret-of-32-chars!',
      }),
    );
    try {
      const answer = await gateway.inject({ url: '/get_child_by_bracelet/00000000000000000000' });
      expect(answer.statusCode).toBe(503);
      expect(asked).toBe(1);
    } finally {
      await gateway.close();
    }
  });
});
