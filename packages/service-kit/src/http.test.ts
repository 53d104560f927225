import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from './errors.js';
import { createHttpServer } from './http.js';
import { createLogger } from './logger.js';

function buildTestServer(ready = true) {
  const app = createHttpServer({
    logger: createLogger('test', 'silent'),
    readiness: [{ name: 'postgres', check: async () => (ready ? undefined : Promise.reject(new Error('down'))) }],
  });
  app.post('/things/:id', { schema: { params: z.object({ id: z.uuid() }), body: z.object({ name: z.string().min(1) }) } }, async () => ({
    ok: true,
  }));
  app.get('/conflict', async () => {
    throw new AppError(409, 'conflict', 'Déjà fait.');
  });
  app.get('/boom', async () => {
    throw new Error('secret internal detail: password=hunter2');
  });
  return app;
}

describe('service HTTP kit', () => {
  it('answers invalid input with 400 and the fields at fault', async () => {
    const app = buildTestServer();
    const response = await app.inject({ method: 'POST', url: '/things/not-a-uuid', payload: { name: '' } });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.error.code).toBe('invalid_request');
    expect(body.error.message).toBe('Requête invalide.');
    expect(Object.keys(body.error.fields)).toContain('id');
  });

  it('answers malformed JSON with 400, not 500', async () => {
    const app = buildTestServer();
    const response = await app.inject({
      method: 'POST',
      url: `/things/${globalThis.crypto.randomUUID()}`,
      headers: { 'content-type': 'application/json' },
      payload: '{"name":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toMatch(/^Requête invalide/);
  });

  it('passes known errors through and hides the internals of unknown ones', async () => {
    const app = buildTestServer();
    expect((await app.inject({ url: '/conflict' })).json()).toEqual({ error: { code: 'conflict', message: 'Déjà fait.' } });
    const boom = await app.inject({ url: '/boom' });
    expect(boom.statusCode).toBe(500);
    expect(boom.body).not.toContain('hunter2');
    expect(boom.json().error.message).toBe('Une erreur est survenue.');
    const missing = await app.inject({ url: '/nowhere' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe('Ressource introuvable.');
  });

  it('reports readiness from its checks', async () => {
    expect((await buildTestServer(true).inject({ url: '/readyz' })).statusCode).toBe(200);
    const notReady = await buildTestServer(false).inject({ url: '/readyz' });
    expect(notReady.statusCode).toBe(503);
    expect(notReady.json().checks).toEqual({ postgres: 'unavailable' });
    expect((await buildTestServer(false).inject({ url: '/healthz' })).statusCode).toBe(200);
  });
});
