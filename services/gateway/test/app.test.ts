import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodeIdentity, encodeIdentity } from '@bracelet/service-kit';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { configSchema } from '../src/config.js';

const frontendsDir = mkdtempSync(join(tmpdir(), 'gateway-frontends-'));
const mailDir = mkdtempSync(join(tmpdir(), 'gateway-mail-'));
writeFileSync(
  join(mailDir, '2026-11-22T10-00-00-000Z-0123abcd.eml'),
  'From: a@example.com\r\nTo: b@example.com\r\nSubject: =?UTF-8?Q?R=C3=A9initialisation?=\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\nLien : http://x/reset-password?token=3Dabc=\r\ndef\r\n',
);
function writeBuilt(path: string, content: string) {
  const full = join(frontendsDir, path);
  mkdirSync(join(full, '..'), { recursive: true });
  writeFileSync(full, content);
}
writeBuilt('shell/dist/index.html', '<!doctype html><title>shell</title>');
writeBuilt('shell/dist/assets/index-abc123.js', 'console.log("shell")');
for (const remote of ['shop', 'family', 'backoffice'])
  writeBuilt(`${remote}/dist/assets/remoteEntry.js`, `export const name = '${remote}'`);

let upstream: FastifyInstance;
let scanUpstream: string;
const rawConfig = {
  FRONTENDS_DIR: '/tmp',
  CATALOG_URL: 'http://127.0.0.1:1',
  CHECKOUT_URL: 'http://127.0.0.1:1',
  FAMILY_URL: 'http://127.0.0.1:1',
  SCAN_URL: 'http://127.0.0.1:1',
  FULFILMENT_URL: 'http://127.0.0.1:1',
  NOTIFIER_URL: 'http://127.0.0.1:1',
  IDENTITY_SECRET: 'a-test-identity-secret-of-32-chars!',
};
let gateway: Awaited<ReturnType<typeof buildApp>>;
const seen: Array<{ url: string; forwardedFor: string | undefined; identity: string | undefined }> = [];
const secret = 'a-test-identity-secret-of-32-chars!';
const parentId = '6f1f4a52-6f7e-4c2b-9c1a-0d3f2b9c8e11';
const shared: unknown[] = [];
const forwardedHeaders: Record<string, unknown>[] = [];
const down = 'http://127.0.0.1:9'; // discard port: nothing listens

function configFor(upstreamUrl: string) {
  return {
    NODE_ENV: 'test' as const,
    HOST: '127.0.0.1',
    PORT: 0,
    PUBLIC_URL: 'http://localhost:3000',
    TRUST_PROXY: false as const,
    LOG_LEVEL: 'silent' as const,
    FRONTENDS_DIR: frontendsDir,
    SCAN_URL: upstreamUrl,
    CATALOG_URL: down,
    CHECKOUT_URL: down,
    FAMILY_URL: upstreamUrl,
    FULFILMENT_URL: down,
    NOTIFIER_URL: down,
    IDENTITY_SECRET: secret,
    DEV_MAIL_DIR: mailDir,
    UPSTREAM_TIMEOUT_MS: 8000,
    SHUTDOWN_DEADLINE_MS: 10_000,
  };
}

beforeAll(async () => {
  upstream = Fastify();
  upstream.get('/get_child_by_bracelet/:id', async (request) => {
    seen.push({
      url: request.url,
      forwardedFor: request.headers['x-forwarded-for'] as string | undefined,
      identity: request.headers['x-identity'] as string | undefined,
    });
    return { bracelet: { id: (request.params as { id: string }).id, configured: '0' } };
  });
  // Plays family's session resolution: one known session.
  upstream.post('/internal/sessions/resolve', async (request) => {
    const { sessionId } = request.body as { sessionId: string };
    if (sessionId === 'staff-session') return { identity: { accountId: parentId, role: 'staff' } };
    return { identity: sessionId === 'good-session' ? { accountId: parentId, role: 'parent' } : null };
  });
  upstream.post('/login/', async () => ({ ok: true }));
  upstream.get('/healthz', async () => ({ status: 'ok' }));
  upstream.get('/readyz', async () => ({ status: 'ready' }));
  upstream.post('/add_child_profile/', async (request) => ({ bytes: (request.body as Buffer).length }));
  upstream.addContentTypeParser('multipart/form-data', { parseAs: 'buffer', bodyLimit: 20 * 1024 * 1024 }, (_request, body, done) =>
    done(null, body),
  );
  upstream.post('/share_location', async (request) => {
    forwardedHeaders.push(request.headers);
    shared.push(request.body);
    return { message: 'ok' };
  });
  upstream.get('/internal-only', async () => ({ secret: true }));
  const address = await upstream.listen({ port: 0, host: '127.0.0.1' });
  scanUpstream = address;
  gateway = await buildApp(configFor(address));
});
afterAll(async () => {
  await gateway.close();
  await upstream.close();
  rmSync(frontendsDir, { recursive: true, force: true });
});

/** The gateway's address on a real socket (for what inject cannot send), listening once. */
async function listening(): Promise<string> {
  const bound = gateway.server.address();
  if (bound && typeof bound === 'object') return `http://127.0.0.1:${bound.port}`;
  return gateway.listen({ port: 0, host: '127.0.0.1' });
}

describe('gateway', () => {
  it('proxies a spec path to its owning service, path intact, client address forwarded', async () => {
    const response = await gateway.inject({ url: '/get_child_by_bracelet/abc?x=1', remoteAddress: '203.0.113.9' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ bracelet: { id: 'abc', configured: '0' } });
    expect(seen.at(-1)).toEqual({ url: '/get_child_by_bracelet/abc?x=1', forwardedFor: '203.0.113.9', identity: undefined });
  });

  it('turns a live session cookie into a signed identity, and drops identities sent by clients', async () => {
    const forged = encodeIdentity({ accountId: parentId, role: 'staff' }, 'not-the-secret-but-long-enough-000');
    await gateway.inject({ url: '/get_child_by_bracelet/a', headers: { 'x-identity': forged } });
    expect(seen.at(-1)?.identity).toBeUndefined();

    await gateway.inject({ url: '/get_child_by_bracelet/b', cookies: { sid: 'good-session' } });
    expect(decodeIdentity(seen.at(-1)?.identity, secret)).toEqual({ accountId: parentId, role: 'parent' });

    await gateway.inject({ url: '/get_child_by_bracelet/c', cookies: { sid: 'expired-session' }, headers: { 'x-identity': forged } });
    expect(seen.at(-1)?.identity).toBeUndefined();
  });

  it('refuses a state-changing request sent from another site', async () => {
    const foreign = await gateway.inject({
      method: 'POST',
      url: '/login/',
      headers: { origin: 'https://evil.example', host: 'shop.example' },
      payload: {},
    });
    expect(foreign.statusCode).toBe(403);
    const own = await gateway.inject({
      method: 'POST',
      url: '/login/',
      headers: { origin: 'http://shop.example', host: 'shop.example' },
      payload: {},
    });
    expect(own.statusCode).toBe(200);
    // Scheme and port count, not just the host: an https page is not an http product's own.
    for (const origin of ['https://shop.example', 'http://shop.example:8080', 'null']) {
      const other = await gateway.inject({ method: 'POST', url: '/login/', headers: { origin, host: 'shop.example' }, payload: {} });
      expect(other.statusCode, origin).toBe(403);
    }
    const publicOrigin = await gateway.inject({
      method: 'POST',
      url: '/login/',
      headers: { origin: 'http://localhost:3000', host: '127.0.0.1:3000' },
      payload: {},
    });
    expect(publicOrigin.statusCode).toBe(200);
  });

  it('answers a malformed or unclean request target with 400 in the kit shape, before any service', async () => {
    const before = seen.length;
    for (const url of [
      '/get_child_by_bracelet/abc?%',
      '/get_child_by_bracelet/abc?a=%zz',
      '/get_child_by_bracelet/abc?a=%E2%82',
      '/get_child_by_bracelet/a%00b',
      '/get_child_by_bracelet/abc?x=%01',
      '/get_child_by_bracelet/%E2%82',
    ]) {
      const response = await gateway.inject({ url });
      expect(response.statusCode, url).toBe(400);
      expect(response.json().error.code, url).toMatch(/^(invalid_text|bad_request)$/);
      expect(response.body, url).not.toContain('statusCode');
    }
    expect(seen.length).toBe(before);
  });

  it('refuses JSON that is not clean UTF-8 text at the edge, and forwards clean JSON byte for byte', async () => {
    const post = (payload: string | Buffer) =>
      gateway.inject({ method: 'POST', url: '/share_location', headers: { 'content-type': 'application/json' }, payload });
    const count = shared.length;
    for (const payload of [
      '{"a":"x\\u0000y"}',
      '{"a\\u0007":1}',
      Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0x22, 0x7d]),
      '{"a":',
    ]) {
      const response = await post(payload);
      expect(response.statusCode, String(payload)).toBe(400);
      expect(response.json().error.message).toMatch(/^Requête invalide/);
    }
    expect(shared.length).toBe(count);
    expect((await post('{"lat":48.85,"name":"Zoé 👧"}')).statusCode).toBe(200);
    expect(shared.at(-1)).toEqual({ lat: 48.85, name: 'Zoé 👧' });
  });

  it('refuses an oversized body with 413 before anything reaches the service, announced or chunked', async () => {
    const count = shared.length;
    const big = JSON.stringify({ text: 'x'.repeat(200_000) });
    const announced = await gateway.inject({
      method: 'POST',
      url: '/share_location',
      headers: { 'content-type': 'application/json' },
      payload: big,
    });
    expect(announced.statusCode).toBe(413);
    expect(announced.json().error).toEqual({ code: 'payload_too_large', message: 'Requête trop volumineuse.' });
    const address = await listening();
    const chunked = await fetch(`${address}/share_location`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: new ReadableStream({
        start(controller) {
          for (let i = 0; i < 20; i++) controller.enqueue(new TextEncoder().encode('x'.repeat(10_000)));
          controller.close();
        },
      }),
      duplex: 'half',
    } as RequestInit);
    expect(chunked.status).toBe(413);
    expect(shared.length).toBe(count);
  });

  it('exposes nothing of a service beyond the route table', async () => {
    const response = await gateway.inject({ url: '/internal-only' });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('not_found');
  });

  it('serves the shell for page routes, with finder pages kept out of indexes and referrers', async () => {
    const page = await gateway.inject({ url: '/b/abc', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>shell</title>');
    expect(page.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(page.headers['referrer-policy']).toBe('same-origin');
    const home = await gateway.inject({ url: '/', headers: { accept: 'text/html' } });
    expect(home.body).toContain('<title>shell</title>');
    expect(home.headers['x-robots-tag']).toBeUndefined();
  });

  it('sends the security headers on pages, API answers and errors alike', async () => {
    for (const url of ['/', '/get_child_by_bracelet/abc', '/nowhere']) {
      const response = await gateway.inject({ url, headers: { accept: url === '/' ? 'text/html' : 'application/json' } });
      expect(response.headers['content-security-policy'], url).toContain("default-src 'self'");
      expect(response.headers['content-security-policy'], url).toContain("frame-ancestors 'none'");
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
      expect(response.headers['x-frame-options'], url).toBe('SAMEORIGIN');
    }
    expect((await gateway.inject({ url: '/' })).headers['strict-transport-security']).toBeUndefined();
  });

  it('answers what the HTTP parser refuses in the kit shape, and proxies a body sent with Expect: 100-continue', async () => {
    const address = new URL(await listening());
    const raw = (request: Buffer) =>
      new Promise<string>((resolve) => {
        const socket = connect(Number(address.port), address.hostname, () => socket.write(request));
        socket.setTimeout(5000, () => socket.destroy());
        let answer = '';
        socket.on('data', (chunk) => {
          answer += chunk.toString('latin1');
        });
        socket.on('close', () => resolve(answer));
        socket.on('error', () => resolve(answer));
      });
    for (const request of [
      Buffer.concat([Buffer.from('GET /get_child_by_bracelet/'), Buffer.from([0xff]), Buffer.from(' HTTP/1.1\r\nHost: x\r\n\r\n')]),
      Buffer.from('FUZZ / HTTP/1.1\r\nHost: x\r\n\r\n'),
      Buffer.from('POST /login/ HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n'),
      Buffer.from(`GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`),
    ]) {
      const answer = await raw(request);
      expect(answer, request.subarray(0, 30).toString()).toMatch(/^HTTP\/1\.1 4(00|31) /);
      expect(answer).toMatch(/\{"error":\{"code":"[a-z_]+","message":"[^"]+"\}\}$/);
    }
    const count = shared.length;
    const withExpect = await raw(
      Buffer.from(
        'POST /share_location HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nExpect: 100-continue\r\nContent-Length: 9\r\nConnection: close\r\n\r\n{"lat":1}',
      ),
    );
    expect(withExpect).toMatch(/HTTP\/1\.1 200 /);
    expect(shared.length).toBe(count + 1);
  });

  it('reads a large body only from a logged-in parent: an anonymous photo upload is refused before it is read', async () => {
    const photo = { 'content-type': 'multipart/form-data; boundary=x' };
    const payload = Buffer.alloc(3 * 1024 * 1024, 0x61);
    const anonymous = await gateway.inject({ method: 'POST', url: '/add_child_profile/', headers: photo, payload });
    expect(anonymous.statusCode).toBe(401);
    const parent = await gateway.inject({
      method: 'POST',
      url: '/add_child_profile/',
      headers: photo,
      cookies: { sid: 'good-session' },
      payload,
    });
    expect(parent.statusCode).toBe(200);
    expect(parent.json()).toEqual({ bytes: payload.length });
  });

  it('does not pass on forwarding headers a client made up', async () => {
    await gateway.inject({
      method: 'POST',
      url: '/share_location',
      remoteAddress: '203.0.113.7',
      headers: {
        'content-type': 'application/json',
        'x-forwarded-host': 'evil.example',
        'x-forwarded-for': '1.2.3.4',
        forwarded: 'for=1.2.3.4',
        'x-real-ip': '1.2.3.4',
      },
      payload: '{"lat":1}',
    });
    const headers = forwardedHeaders.at(-1) ?? {};
    expect(headers['x-forwarded-for']).toBe('203.0.113.7');
    for (const name of ['x-forwarded-host', 'forwarded', 'x-real-ip']) expect(headers[name], name).toBeUndefined();
  });

  it('behind a TLS proxy named by TRUST_PROXY, takes the client address from it; otherwise never', async () => {
    for (const [trust, expected] of [
      [1, '198.51.100.5'],
      [false, '10.0.0.1'],
    ] as const) {
      const behindProxy = await buildApp({ ...configFor(scanUpstream), TRUST_PROXY: trust });
      await behindProxy.inject({
        url: '/get_child_by_bracelet/proxied',
        remoteAddress: '10.0.0.1',
        headers: { 'x-forwarded-for': '198.51.100.5' },
      });
      await behindProxy.close();
      expect(seen.at(-1)?.forwardedFor, String(trust)).toBe(expected);
    }
    expect(configSchema.parse({ ...rawConfig, TRUST_PROXY: '10.0.0.0/8, 192.168.1.1' }).TRUST_PROXY).toEqual(['10.0.0.0/8', '192.168.1.1']);
    expect(configSchema.parse({ ...rawConfig, TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(configSchema.parse(rawConfig).TRUST_PROXY).toBe(false);
  });

  it('reports each service it routes to, and is not ready only when it can reach none of them', async () => {
    const someDown = await gateway.inject({ url: '/readyz' });
    expect(someDown.statusCode).toBe(200);
    expect(someDown.json()).toMatchObject({
      status: 'ready',
      checks: { upstreams: 'ok', scan: 'ok', family: 'ok', catalog: 'unavailable' },
    });
    const cutOff = await buildApp(configFor(down));
    const notReady = await cutOff.inject({ url: '/readyz' });
    await cutOff.close();
    expect(notReady.statusCode).toBe(503);
    expect(notReady.json()).toMatchObject({ status: 'not_ready', checks: { upstreams: 'unavailable', scan: 'unavailable' } });
    expect((await gateway.inject({ url: '/healthz' })).statusCode).toBe(200);
  });

  it('sends HSTS when the public URL is https', async () => {
    const httpsGateway = await buildApp({ ...configFor(down), PUBLIC_URL: 'https://bracelets.example' });
    const response = await httpsGateway.inject({ url: '/', headers: { accept: 'text/html' } });
    await httpsGateway.close();
    expect(response.headers['strict-transport-security']).toContain('max-age=31536000');
  });

  it('opens the CSP to Stripe only when real payments are configured', async () => {
    const closed = (await gateway.inject({ url: '/', headers: { accept: 'text/html' } })).headers['content-security-policy'] as string;
    expect(closed).not.toContain('stripe.com');
    expect(closed).toContain("frame-src 'none'");
    const stripeGateway = await buildApp({ ...configFor(down), STRIPE_PUBLISHABLE_KEY: 'pk_test_abc123' });
    const open = (await stripeGateway.inject({ url: '/', headers: { accept: 'text/html' } })).headers['content-security-policy'] as string;
    await stripeGateway.close();
    expect(open).toContain("script-src 'self' https://js.stripe.com");
    expect(open).toContain("connect-src 'self' https://api.stripe.com");
    expect(open).toContain('frame-src https://js.stripe.com https://hooks.stripe.com');
    expect(open).toContain("frame-ancestors 'none'");
  });

  it('caches hashed assets for a year and revalidates entry files', async () => {
    const asset = await gateway.inject({ url: '/assets/index-abc123.js' });
    expect(asset.headers['cache-control']).toContain('immutable');
    const entry = await gateway.inject({ url: '/remotes/family/assets/remoteEntry.js' });
    expect(entry.statusCode).toBe(200);
    expect(entry.body).toContain("'family'");
    expect(entry.headers['cache-control']).toBe('no-cache');
  });

  it("forwards Stripe's webhook to checkout byte for byte, its signature header with it", async () => {
    const checkoutUpstream = Fastify();
    checkoutUpstream.removeAllContentTypeParsers();
    checkoutUpstream.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    const received: Array<{ body: Buffer; signature: unknown }> = [];
    checkoutUpstream.post('/stripe/webhook', async (request) => {
      received.push({ body: request.body as Buffer, signature: request.headers['stripe-signature'] });
      return { received: true };
    });
    const address = await checkoutUpstream.listen({ port: 0, host: '127.0.0.1' });
    const withCheckout = await buildApp({ ...configFor(address), CHECKOUT_URL: address });
    try {
      // As Stripe sends it: pretty-printed JSON, non-ASCII text, a trailing newline.
      const payload = Buffer.from(
        '{\n  "id": "evt_1",\n  "object": "event",\n  "data": { "object": { "description": "Commande Zoé" } }\n}\n',
      );
      const response = await withCheckout.inject({
        method: 'POST',
        url: '/stripe/webhook',
        headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': 't=1,v1=abc' },
        payload,
      });
      expect(response.statusCode).toBe(200);
      expect(received).toHaveLength(1);
      expect(received[0]?.body.equals(payload)).toBe(true);
      expect(received[0]?.signature).toBe('t=1,v1=abc');
    } finally {
      await withCheckout.close();
      await checkoutUpstream.close();
    }
  });

  it('answers 503 in French when the owning service is down', async () => {
    const gatewayWithScanDown = await buildApp(configFor(down));
    const response = await gatewayWithScanDown.inject({ url: '/get_child_by_bracelet/abc' });
    await gatewayWithScanDown.close();
    expect(response.statusCode).toBe(503);
    expect(response.json().error.message).toBe('Service momentanément indisponible. Veuillez réessayer.');
  });

  it('shows caught mail to staff only', async () => {
    expect((await gateway.inject({ url: '/backoffice-api/mail' })).statusCode).toBe(403);
    expect((await gateway.inject({ url: '/backoffice-api/mail', cookies: { sid: 'good-session' } })).statusCode).toBe(403);
    const list = await gateway.inject({ url: '/backoffice-api/mail', cookies: { sid: 'staff-session' } });
    expect(list.json()).toEqual([
      { id: '2026-11-22T10-00-00-000Z-0123abcd.eml', subject: 'Réinitialisation', to: 'b@example.com', date: '' },
    ]);
    const mail = await gateway.inject({
      url: '/backoffice-api/mail/2026-11-22T10-00-00-000Z-0123abcd.eml',
      cookies: { sid: 'staff-session' },
    });
    expect(mail.json().text).toBe('Lien : http://x/reset-password?token=abcdef');
    const traversal = await gateway.inject({ url: '/backoffice-api/mail/..%2F..%2Fetc%2Fpasswd', cookies: { sid: 'staff-session' } });
    expect(traversal.statusCode).toBe(404);
  });
});
