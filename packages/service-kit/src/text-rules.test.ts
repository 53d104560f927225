import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createHttpServer } from './http.js';
import { createLogger, createLoggerOptions, redactUrl } from './logger.js';
import { checkRequestTarget, findUncleanText, isCleanText } from './text-rules.js';

describe('the text rule', () => {
  it('accepts what people type, in any script, and refuses NUL, control characters and lone surrogates', () => {
    for (const text of ['Zoé', 'Łukasz 👧', '3 rue des Lilas\nBât. B', 'tab\there', '']) expect(isCleanText(text), text).toBe(true);
    for (const text of ['a\u0000b', 'bell\u0007', 'del\u007f', 'c1\u0085', 'lone\ud800', 'low\udc00x'])
      expect(isCleanText(text), text).toBe(false);
    expect(findUncleanText({ a: ['ok', { b: 'x\u0000' }] })).toBe('a.1.b');
    expect(findUncleanText({ 'k\u0000': 1 })).toBe('k\u0000');
    expect(findUncleanText({ a: 1, b: [true, null] })).toBeUndefined();
  });

  it('refuses JSON nested deeper than any form of ours with a 400, however deep (no stack overflow)', () => {
    const deep = JSON.parse(`${'['.repeat(20_000)}${']'.repeat(20_000)}`);
    expect(() => findUncleanText(deep)).toThrow(expect.objectContaining({ statusCode: 400, code: 'invalid_request' }));
    expect(findUncleanText(JSON.parse(`${'{"a":'.repeat(10)}"ok"${'}'.repeat(10)}`))).toBeUndefined();
  });

  it('checks every path segment and query key and value of a request target', () => {
    expect(checkRequestTarget('/b/abc?x=1&y=%C3%A9t%C3%A9+ok')).toEqual({ ok: true });
    for (const target of ['/b/a%00', '/b/%zz', '/b/x?%', '/b/x?a=%zz', '/b/x?a=%E2%82', '/b/x?a=%01', '/b/%C0%AF']) {
      expect(checkRequestTarget(target).ok, target).toBe(false);
    }
  });
});

describe('the kit applies it before any route', () => {
  const app = createHttpServer({ logger: createLogger('test', 'silent'), readiness: [] });
  let reached = 0;
  app.post('/things/:id', { schema: { params: z.object({ id: z.string() }), body: z.object({ name: z.string() }) } }, async () => {
    reached += 1;
    return { ok: true };
  });

  it('answers 400 in the kit shape for NUL in a param, a query or a body, or invalid UTF-8, and never runs the route', async () => {
    const cases = [
      { url: '/things/a%00b', payload: '{"name":"x"}' },
      { url: '/things/a?q=%00', payload: '{"name":"x"}' },
      { url: '/things/a', payload: '{"name":"x\\u0000"}' },
      { url: '/things/a', payload: Buffer.from([0x7b, 0x22, 0x6e, 0x61, 0x6d, 0x65, 0x22, 0x3a, 0x22, 0xc3, 0x28, 0x22, 0x7d]) },
    ];
    for (const { url, payload } of cases) {
      const response = await app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json' }, payload });
      expect(response.statusCode, url).toBe(400);
      expect(response.json().error.code).toBe('invalid_text');
    }
    expect(reached).toBe(0);
    const clean = await app.inject({ method: 'POST', url: '/things/a', payload: { name: 'Zoé' } });
    expect(clean.statusCode).toBe(200);
    expect(clean.headers['cache-control']).toBe('no-store');
  });
});

describe('logs', () => {
  it('never carry query values, cookies, tokens or passwords', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const logger = pino({ ...createLoggerOptions('test', 'info'), transport: undefined }, sink);
    const app = createHttpServer({ logger, readiness: [] });
    app.post('/reset', async (request) => {
      request.log.info({ body: request.body, headers: request.headers }, 'seen');
      const redisError = Object.assign(new Error('OOM command not allowed'), {
        command: { name: 'evalsha', args: ['{"resetUrl":"http://x/reset-password?token=SECRET-IN-REDIS-ARGS"}'] },
      });
      request.log.warn({ err: redisError }, 'outbox relay cannot publish yet');
      return { ok: true };
    });
    await app.inject({
      method: 'POST',
      url: '/reset?token=SECRET-QUERY-TOKEN',
      headers: { cookie: 'sid=SECRET-COOKIE', authorization: 'Bearer SECRET-AUTH' },
      payload: { token: 'SECRET-BODY-TOKEN', new_password: 'SECRET-PASSWORD', mot_de_passe: 'SECRET-MDP' },
    });
    const log = lines.join('');
    expect(log).toContain('/reset?token=[redacted]');
    expect(log).not.toMatch(/SECRET-/);
    expect(redactUrl('/reset-password?token=abc&x=1')).toBe('/reset-password?token=[redacted]&x=[redacted]');
  });
});
