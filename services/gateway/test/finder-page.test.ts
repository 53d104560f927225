import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodeIdentity } from '@bracelet/service-kit';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { configSchema } from '../src/config.js';
import { isFinderVisit } from '../src/finder-visit.js';

/**
 * The finder's page in the first response (ADR 018), against a stand-in for scan that records what
 * it is asked: the gateway's half only (the e2e test runs it on the real services).
 */
const frontendsDir = mkdtempSync(join(tmpdir(), 'gateway-finder-'));
for (const [path, content] of [
  ['shell/dist/index.html', '<!doctype html><title>Bracelets de sécurité pour enfants</title><div id="root"></div>'],
  ...['shop', 'family', 'backoffice'].map((remote) => [`${remote}/dist/assets/remoteEntry.js`, 'export {}']),
] as const) {
  mkdirSync(join(frontendsDir, path, '..'), { recursive: true });
  writeFileSync(join(frontendsDir, path), content);
}

const secret = 'a-test-identity-secret-of-32-chars!';
const parentId = '6f1f4a52-6f7e-4c2b-9c1a-0d3f2b9c8e11';
const down = 'http://127.0.0.1:9';
const configured = {
  bracelet: { id: 'k3mz7q2x9w4t6v8b1n5c', configured: '1' },
  child: { first_name: 'Léa', surname: 'Roux', birth_date: '2019-03-14', photo: 'ph0t0' },
  emergency_contact: { first_name: 'Marc', surname: 'Dupont', phone: '+33655555555', relationship: 'Père', photo: null },
};

type Asked = { url: string; forwardedFor: unknown; identity: unknown; requestId: unknown };
let asked: Asked[] = [];
/** What the stand-in answers next: a status, a body and headers. */
let answer: { status: number; body: unknown; headers?: Record<string, string> } = { status: 200, body: configured };
let scan: FastifyInstance;
let gateway: Awaited<ReturnType<typeof buildApp>>;
let familyDown: Awaited<ReturnType<typeof buildApp>>;

/** A gateway whose scan and family are the stand-in (or nothing), every other service unreachable. */
const config = (scanUrl: string, familyUrl: string) =>
  configSchema.parse({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    FRONTENDS_DIR: frontendsDir,
    SCAN_URL: scanUrl,
    FAMILY_URL: familyUrl,
    ...Object.fromEntries(['CATALOG_URL', 'CHECKOUT_URL', 'FULFILMENT_URL', 'NOTIFIER_URL'].map((name) => [name, down])),
    IDENTITY_SECRET: secret,
    UPSTREAM_TIMEOUT_MS: '1000',
  });

beforeAll(async () => {
  // A lookup left unanswered must not hold the stand-in open at the end.
  scan = Fastify({ forceCloseConnections: true });
  scan.get('/get_child_by_bracelet/:id', async (request, reply) => {
    asked.push({
      url: request.url,
      forwardedFor: request.headers['x-forwarded-for'],
      identity: request.headers['x-identity'],
      requestId: request.headers['x-request-id'],
    });
    if (answer.status === 0) return new Promise(() => {}); // never answers
    return reply
      .code(answer.status)
      .headers(answer.headers ?? {})
      .send(answer.body);
  });
  scan.post('/internal/sessions/resolve', async (request) => {
    const { sessionId } = request.body as { sessionId: string };
    if (sessionId === 'nonsense-session') return { who: 'knows' };
    return { identity: sessionId === 'parent-session' ? { accountId: parentId, role: 'parent' } : null };
  });
  const address = await scan.listen({ port: 0, host: '127.0.0.1' });
  gateway = await buildApp(config(address, address));
  familyDown = await buildApp(config(address, down));
});
afterAll(async () => {
  await gateway.close();
  await familyDown.close();
  await scan.close();
  rmSync(frontendsDir, { recursive: true, force: true });
});
beforeEach(() => {
  asked = [];
  answer = { status: 200, body: configured };
});

/** What Chromium sends when a person opens the address (typed, scanned, or followed from a message). */
const navigation = {
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
  'sec-fetch-dest': 'document',
  'sec-fetch-mode': 'navigate',
  'sec-fetch-site': 'none',
  'user-agent': 'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36',
};
const open = (url: string, headers: Record<string, string> = navigation, extra: { cookies?: Record<string, string> } = {}) =>
  gateway.inject({ url, headers, remoteAddress: '203.0.113.7', ...extra });

describe("the finder's page in the first response", () => {
  it('shows the card to a person opening the address: name, age, whom to call, a tel: link, no script needed to read it', async () => {
    const page = await open(`/b/${configured.bracelet.id}`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.body).toContain('<strong>Léa Roux</strong>');
    expect(page.body).toMatch(/<p>\d+ ans<\/p>/);
    expect(page.body).toContain('Contact à joindre');
    expect(page.body).toContain('Marc Dupont — Père');
    expect(page.body).toContain('06 55 55 55 55');
    expect(page.body).toContain('href="tel:+33655555555"');
    expect(page.body).toContain('Le contact de confiance de Léa a été prévenu automatiquement.');
    expect(page.body).toContain('src="/scan_photo/ph0t0"');
    // Its CSS is in the page; its only script is small and deferred.
    expect(page.body).toMatch(/<style>[^<]*\.contact-phone\{/);
    // Only the finder's rules: the shop's are not in the page.
    expect(page.body).not.toContain('.product-grid');
    expect(page.body.length).toBeLessThan(16_000);
    const scripts = [...page.body.matchAll(/<script[^>]*>/g)].map(([tag]) => tag);
    expect(scripts).toEqual([expect.stringMatching(/^<script src="\/finder\/share\.[\w-]+\.js" defer="">$/)]);
    // Never cached, indexed or leaked, and never mistaken for a preview by a cache.
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(page.headers['referrer-policy']).toBe('same-origin');
    expect(page.headers.vary).toContain('Sec-Fetch-Dest');
    expect(page.body).not.toMatch(/property="og:|name="twitter:/);
    expect(page.body).toContain('<title>Bracelets de sécurité pour enfants</title>');
    // Scan was asked once, as the app's own call would ask it: the finder's address, the request id.
    expect(asked).toEqual([
      {
        url: `/get_child_by_bracelet/${configured.bracelet.id}`,
        forwardedFor: '203.0.113.7',
        identity: undefined,
        requestId: expect.any(String),
      },
    ]);
  });

  it("passes the parent's session on, so that scanning their own bracelet alerts nobody", async () => {
    await open(`/b/${configured.bracelet.id}`, navigation, { cookies: { sid: 'parent-session' } });
    expect(decodeIdentity(asked[0]?.identity as string, secret)).toEqual({ accountId: parentId, role: 'parent' });
  });

  it('still shows the card when sessions cannot be checked (looked up as anyone)', async () => {
    const page = await familyDown.inject({ url: `/b/${configured.bracelet.id}`, headers: navigation, cookies: { sid: 'parent-session' } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('href="tel:+33655555555"');
  });

  it('says so when the alert could not be recorded, and still whom to call', async () => {
    answer = { status: 200, body: configured, headers: { 'x-family-alerted': '0' } };
    const page = await open(`/b/${configured.bracelet.id}`);
    expect(page.body).toContain('Nous n&#x27;avons pas pu prévenir le contact de confiance de Léa automatiquement');
    expect(page.body).not.toContain('a été prévenu automatiquement');
    expect(page.body).toContain('href="tel:+33655555555"');
  });

  it('shows the welcome state of an unconfigured bracelet, which leaves its id for the wizard', async () => {
    answer = { status: 200, body: { bracelet: { id: 'k3mz7q2x9w4t6v8b1n5d', configured: '0' }, child: null, emergency_contact: null } };
    const page = await open('/b/k3mz7q2x9w4t6v8b1n5d');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Ce bracelet n&#x27;a pas encore été configuré');
    expect(page.body).toContain('href="/newconfigurationstep1"');
    expect(page.body).toContain('data-welcome-bracelet="k3mz7q2x9w4t6v8b1n5d"');
  });

  it('shows the configuration problem of an activated bracelet without a child', async () => {
    answer = { status: 200, body: { ...configured, child: null } };
    const page = await open(`/b/${configured.bracelet.id}`);
    expect(page.body).toContain('Problème de configuration');
    expect(page.body).not.toContain('tel:');
  });

  it("answers 'invalid' only when scan says the bracelet does not exist", async () => {
    answer = { status: 404, body: { error: { code: 'not_found', message: 'Ce bracelet est invalide' } } };
    const page = await open('/b/00000000000000000000');
    expect(page.statusCode).toBe(404);
    expect(page.body).toContain('Ce bracelet est invalide');
    expect(page.body).toContain('href="/"');
  });

  it("says 'Connexion impossible' and asks again by itself when scan fails, is slow or answers nonsense", async () => {
    for (const failure of [
      { status: 503, body: { error: { code: 'unavailable', message: '…' } } },
      { status: 429, body: { error: { code: 'rate_limited', message: '…' } } },
      { status: 200, body: { bracelet: { id: 'x' } } },
      { status: 0, body: null },
    ]) {
      answer = failure;
      const page = await open(`/b/${configured.bracelet.id}`);
      expect(page.statusCode, JSON.stringify(failure)).toBe(failure.status === 429 ? 429 : 503);
      expect(page.body).toContain('Connexion impossible');
      expect(page.body).not.toContain('Ce bracelet est invalide');
      expect(page.body).toContain('<meta http-equiv="refresh" content="5"/>');
      expect(page.body).toContain(`href="/b/${configured.bracelet.id}"`);
      expect(page.headers['retry-after']).toBe('5');
    }
  });

  it('ignores the query: a mangled share link still shows the card (never "invalid")', async () => {
    for (const query of ['?utm=%', '?x=%E0', '?a=1&b=%zz']) {
      const page = await open(`/b/${configured.bracelet.id}${query}`);
      expect(page.statusCode, query).toBe(200);
      expect(page.body).toContain('href="tel:+33655555555"');
    }
  });

  it('builds the retry link from the id, never from the request target', async () => {
    answer = { status: 503, body: { error: { code: 'unavailable', message: '…' } } };
    const socket = await gateway.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(socket);
    const raw = await new Promise<string>((resolve, reject) => {
      const client = connect(Number(port), '127.0.0.1', () => {
        client.write(
          `GET http://evil.example/b/${configured.bracelet.id} HTTP/1.1\r\nHost: evil.example\r\nSec-Fetch-Dest: document\r\nSec-Fetch-Mode: navigate\r\nAccept: text/html\r\nConnection: close\r\n\r\n`,
        );
      });
      let text = '';
      client.on('data', (chunk) => {
        text += chunk.toString('utf8');
      });
      client.on('end', () => resolve(text));
      client.on('error', reject);
    });
    expect(raw).toContain('Connexion impossible');
    expect(raw).toContain(`href="/b/${configured.bracelet.id}"`);
    expect(raw).not.toContain('evil.example/b/');
  });

  it('still shows the card when family answers sessions with nonsense', async () => {
    const page = await open(`/b/${configured.bracelet.id}`, navigation, { cookies: { sid: 'nonsense-session' } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('href="tel:+33655555555"');
    expect(asked.at(-1)?.identity).toBeUndefined();
  });

  it('gives previews, crawlers, prefetches and HEAD the neutral page, asks scan nothing and shows no child data', async () => {
    const previews: Array<Record<string, string>> = [
      { accept: 'text/html', 'user-agent': 'WhatsApp/2.23.20.0 A' },
      { accept: 'text/html', 'user-agent': 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)' },
      { accept: 'text/html', 'user-agent': 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)' },
      { ...navigation, 'user-agent': 'Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)' },
      {
        ...navigation,
        'user-agent': 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Googlebot/2.1) Chrome/131 Safari/537.36',
      },
      { ...navigation, 'sec-purpose': 'prefetch' },
      { ...navigation, 'sec-purpose': 'prefetch;prerender' },
      { ...navigation, purpose: 'prefetch' },
      { ...navigation, 'sec-fetch-dest': 'iframe' },
      { ...navigation, 'sec-fetch-mode': 'no-cors', 'sec-fetch-dest': 'empty' },
    ];
    for (const headers of previews) {
      const page = await open(`/b/${configured.bracelet.id}`, headers);
      expect(page.statusCode, JSON.stringify(headers)).toBe(200);
      expect(page.body).toContain('<div id="root"></div>');
      expect(page.body).not.toMatch(/Léa|Marc|55 55|tel:/);
      expect(page.headers['x-robots-tag']).toBe('noindex, nofollow');
      expect(page.headers['cache-control']).toBe('no-store');
      expect(page.headers.vary).toContain('User-Agent');
    }
    const head = await gateway.inject({ method: 'HEAD', url: `/b/${configured.bracelet.id}`, headers: navigation });
    expect(head.statusCode).toBe(200);
    const json = await open(`/b/${configured.bracelet.id}`, { accept: 'application/json' });
    expect(json.statusCode).toBe(404);
    expect(json.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(json.headers['cache-control']).toBe('no-store');
    expect(asked).toEqual([]);
  });

  it('serves its script small, cached for good, and only at its current address', async () => {
    const page = await open(`/b/${configured.bracelet.id}`);
    const path = /<script src="([^"]+)"/.exec(page.body)?.[1] as string;
    const script = await gateway.inject({ url: path, headers: { 'accept-encoding': 'gzip' } });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // Compressed, the whole script of the page stays under 2 KB.
    expect(script.rawPayload.length).toBeLessThan(2048);
    expect(script.body.length).toBeGreaterThan(0);
    expect((await gateway.inject({ url: '/finder/share.old.js' })).statusCode).toBe(404);
  });
});

describe('who is a finder opening the page', () => {
  it('is a GET navigation to a document, not speculative, not a known preview agent', () => {
    expect(isFinderVisit('GET', navigation)).toBe(true);
    // An in-app browser or an old phone model is still a person.
    expect(isFinderVisit('GET', { ...navigation, 'user-agent': 'Mozilla/5.0 (Linux; Android 10; CUBOT_X30) Chrome/120 Mobile' })).toBe(
      true,
    );
    expect(isFinderVisit('GET', { ...navigation, 'user-agent': 'Mozilla/5.0 (iPhone) [FBAN/FBIOS;FBAV/400.0]' })).toBe(true);
    expect(isFinderVisit('POST', navigation)).toBe(false);
    expect(isFinderVisit('GET', { ...navigation, 'sec-fetch-dest': undefined })).toBe(false);
    expect(isFinderVisit('GET', { ...navigation, 'x-moz': 'prefetch' })).toBe(false);
    expect(isFinderVisit('GET', { ...navigation, 'user-agent': 'TelegramBot (like TwitterBot)' })).toBe(false);
  });
});
