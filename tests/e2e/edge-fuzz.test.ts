import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot, type Stack, startStack, uniqueQueuePrefix } from '@bracelet/devstack';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeTable } from '../../services/gateway/src/route-table.js';
import { provideInfrastructure, type TestInfrastructure } from '../setup/infrastructure.js';
import { eventually } from './family-helpers.js';
import {
  casesFor,
  createRng,
  type FuzzCase,
  type FuzzRoute,
  type Identity,
  judge,
  printable,
  type RouteBody,
  sendRaw,
  type WireRequest,
} from './fuzz-cases.js';

/**
 * The edge fuzz (issue 8): every public route of the gateway — its route table, its own routes and
 * a few pages — gets many generated malformed requests, anonymous and logged in. No answer may be
 * a 5xx, time out, carry a stack trace, SQL, a path or Fastify's default error shape, or be JSON
 * outside the kit's error shape; and every process must still be up afterwards.
 *
 * It runs its own product (its own database and queue prefix, rate limits raised), so hammering
 * /login/ from 127.0.0.1 never rate-limits the other e2e files. Reproduce a failure with
 * FUZZ_SEED=<seed> FUZZ_CASE=<id,id…>; FUZZ_REPORT=<file> writes the full report there.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 0x8ba5e1e7) >>> 0;
const ONLY = new Set((process.env.FUZZ_CASE ?? '').split(',').filter(Boolean).map(Number));
const CONCURRENCY = 8;
const REQUEST_TIMEOUT_MS = 10_000;
const A_LOT = '1000000';

type Fixtures = {
  parentId: string;
  parentEmail: string;
  /** Child A wears bracelet 0 (finder's card, positions); B wears bracelet 1 and is edited; C is deleted. */
  childA: { id: string; emergencyPhone: string; firstName: string };
  childB: string;
  childC: string;
  familyPhotoId: string;
  scanPhotoId: string;
  bracelets: string[];
  login: { email: string; password: string };
  mailId: string | undefined;
  /** An order awaiting payment (simulated provider), and what its page holds. */
  order: { id: string; paymentIntent: string; clientSecret: string };
  /** A minted batch (the demo bracelets'), whose sheet the back office prints. */
  batchId: string;
};

describe('edge fuzz: malformed requests on every public route', () => {
  let stack: Stack | undefined;
  let infrastructure: TestInfrastructure | undefined;
  let dataDir: string | undefined;
  let fx: Fixtures;
  const serverLog: string[] = [];
  const exits: string[] = [];

  beforeAll(async () => {
    infrastructure = await provideInfrastructure('fuzz');
    dataDir = mkdtempSync(join(tmpdir(), 'bracelet-fuzz-'));
    stack = await startStack({
      dataDir,
      port: 0,
      databaseUrl: infrastructure.adminUrl,
      redisUrl: infrastructure.redisUrl,
      roleSecret: infrastructure.roleSecret,
      queuePrefix: uniqueQueuePrefix('fuzz'),
      // The fuzz must reach the handlers, not the per-address limits.
      serviceEnv: {
        AUTH_RATE_LIMIT_PER_IP: A_LOT,
        SCAN_LOOKUPS_PER_MINUTE: A_LOT,
        LOCATION_SHARES_PER_MINUTE: A_LOT,
        LOGIN_MAX_FAILURES: A_LOT,
        LOGIN_MAX_FAILURES_PER_ADDRESS: A_LOT,
        LOGIN_SLOWDOWN_AFTER: A_LOT,
        LOGIN_CLOSE_TO_STRANGERS_AFTER: A_LOT,
        LOGIN_WARN_OWNER_AFTER: A_LOT,
        CHECKOUT_RATE_LIMIT_PER_IP: A_LOT,
        RELAY_POINTS_RATE_LIMIT_PER_MINUTE: A_LOT,
      },
      log: (line) => serverLog.push(line),
    }).catch((error) => {
      process.stderr.write(`${serverLog.join('\n')}\n`);
      throw error;
    });
    for (const running of stack.processes) {
      running.child.once('exit', (code, signal) => exits.push(`${running.name} exited during the fuzz (code ${code}, signal ${signal})`));
    }
    fx = await prepareFixtures(stack);
  }, 240_000);

  afterAll(async () => {
    await stack?.stop();
    await infrastructure?.dispose();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }, 120_000);

  it('answers every malformed request without a 5xx, a leak or a crash', async () => {
    const running = stack as Stack;
    const base = new URL(running.baseUrl);
    const port = Number(base.port);
    const rng = createRng(SEED);
    const routes = fuzzRoutes(fx);

    // Each route gets its own sessions, so a route that ends one (/logout/) leaves the others logged in.
    const sessions = new Map<string, Partial<Record<Identity, string>>>();
    await pool(routes, 4, async (route) => {
      sessions.set(routeKey(route), {
        parent: (await logIn(running.baseUrl, running.demo.parent)).sid,
        staff: (await logIn(running.baseUrl, running.demo.staff)).sid,
      });
    });

    const counter = { n: 0 };
    const cases: FuzzCase[] = [];
    for (const route of routes) {
      for (const draft of casesFor(route, rng, counter)) {
        const { identities, ...rest } = draft;
        const who = identities ?? identitiesFor(draft.group, route, rng);
        for (const identity of who) cases.push({ ...rest, id: cases.length, route, identity });
      }
    }
    const selected = ONLY.size > 0 ? cases.filter((fuzzCase) => ONLY.has(fuzzCase.id)) : shuffle(cases, rng);

    const failures: string[] = [];
    const groups = new Map<string, { count: number; example: string }>();
    const started = Date.now();
    const leaks = [repoRoot, dataDir ?? '/nonexistent', `${tmpdir()}/`].filter((path) => path.length > 4);
    await pool(selected, CONCURRENCY, async (fuzzCase) => {
      const request = wireRequest(fuzzCase, base, sessions.get(routeKey(fuzzCase.route)) ?? {});
      const result = await sendRaw(port, request, REQUEST_TIMEOUT_MS);
      const verdict = judge(fuzzCase, result, leaks);
      if (verdict.problems.length === 0) return;
      const line =
        `#${fuzzCase.id} ${printable(fuzzCase.method, 12)} ${printable(fuzzCase.target, 100)} [${fuzzCase.identity}] ` +
        `${fuzzCase.group}: ${printable(fuzzCase.description, 80)} → ${verdict.status}: ${verdict.problems.join('; ')}` +
        `${verdict.excerpt ? ` | ${verdict.excerpt}` : ''}`;
      failures.push(line);
      const key = `${routeKey(fuzzCase.route)} | ${fuzzCase.group} | ${verdict.status} | ${verdict.problems.join('; ')}`;
      const group = groups.get(key);
      if (group) group.count += 1;
      else
        groups.set(key, {
          count: 1,
          example: `#${fuzzCase.id} [${fuzzCase.identity}] ${printable(fuzzCase.description, 70)} | ${verdict.excerpt.slice(0, 110)}`,
        });
    });
    const seconds = ((Date.now() - started) / 1000).toFixed(1);

    // Every process is still up and ready.
    failures.push(...exits);
    const gatewayReady = await fetch(new URL('/readyz', running.baseUrl), { signal: AbortSignal.timeout(5000) }).catch(() => undefined);
    if (gatewayReady?.status !== 200) failures.push(`gateway /readyz answered ${gatewayReady?.status ?? 'nothing'} after the fuzz`);
    for (const service of running.processes) {
      const { exitCode, signalCode } = service.child;
      if (exitCode !== null || signalCode !== null) {
        failures.push(`${service.name} is not running after the fuzz (code ${exitCode}, signal ${signalCode})`);
        continue;
      }
      const ready = await fetch(`http://127.0.0.1:${service.port}/readyz`, { signal: AbortSignal.timeout(5000) }).catch(() => undefined);
      if (ready?.status !== 200) failures.push(`${service.name} /readyz answered ${ready?.status ?? 'nothing'} after the fuzz`);
    }

    const perGroup = new Map<string, number>();
    for (const fuzzCase of selected) perGroup.set(fuzzCase.group, (perGroup.get(fuzzCase.group) ?? 0) + 1);
    const summary = [
      `edge fuzz: ${selected.length} requests on ${routes.length} routes in ${seconds} s, seed ${SEED} (FUZZ_SEED=${SEED}), ${failures.length} failures`,
      `  requests per class: ${[...perGroup.entries()].map(([group, count]) => `${group} ${count}`).join(', ')}`,
      ...[...groups.entries()]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([key, { count, example }]) => `  ${count}× ${key}\n      e.g. ${example}`),
    ];
    const serverErrors = [...new Set(serverLog.map((line) => line.replace(/[0-9a-f]{8}-[0-9a-f-]{27}/g, '<uuid>')))].slice(0, 60);
    if (failures.length > 0 && serverErrors.length > 0)
      summary.push('server warnings and errors seen:', ...serverErrors.map((line) => `  ${printable(line, 200)}`));
    console.warn(summary.join('\n'));
    if (process.env.FUZZ_REPORT)
      writeFileSync(process.env.FUZZ_REPORT, `${summary.join('\n')}\n\nall failures:\n${failures.sort(byId).join('\n')}\n`);

    expect(failures.sort(byId), `edge fuzz (FUZZ_SEED=${SEED}): ${failures.length} failures`).toEqual([]);
  }, 600_000);
});

/**
 * Who sends a case (seeded). Mutations of what a handler reads (path, query, body fields) go as
 * the parent, who gets past the identity checks to the handler, and to a sample as an anonymous
 * visitor and a staff member; the other classes as an anonymous visitor or the parent (sometimes
 * both); framing that the HTTP parser refuses, anonymously only; the back office, as all three.
 */
function identitiesFor(group: string, route: FuzzRoute, rng: { chance(probability: number): boolean }): Identity[] {
  if (route.path.startsWith('/backoffice') || route.path.startsWith('/orders')) return ['anon', 'parent', 'staff'];
  if (group === 'framing') return ['anon'];
  const staff: Identity[] = rng.chance(0.1) ? ['staff'] : [];
  if (['path-param', 'query', 'json-field', 'multipart'].includes(group))
    return ['parent', ...(rng.chance(0.35) ? (['anon'] as const) : []), ...staff];
  const first: Identity = rng.chance(0.5) ? 'anon' : 'parent';
  return [first, ...(rng.chance(0.3) ? [first === 'anon' ? ('parent' as const) : ('anon' as const)] : []), ...staff];
}

const byId = (a: string, b: string) => Number(/^#(\d+)/.exec(a)?.[1] ?? -1) - Number(/^#(\d+)/.exec(b)?.[1] ?? -1) || a.localeCompare(b);
const routeKey = (route: FuzzRoute) =>
  `${route.method} ${route.path}${route.headers ? ` [${route.headers.map(([name, value]) => `${name}: ${value}`).join(', ')}]` : ''}`;

function wireRequest(fuzzCase: FuzzCase, base: URL, sessions: Partial<Record<Identity, string>>): WireRequest {
  const headers: Array<[string, string]> = [['host', base.host], ...fuzzCase.headers];
  const stateChanging = !['GET', 'HEAD', 'OPTIONS', 'TRACE'].includes(fuzzCase.method.toUpperCase());
  // The product's own origin, as its pages send it.
  if (stateChanging && !fuzzCase.noOrigin) headers.push(['origin', base.origin]);
  const sid = fuzzCase.identity === 'anon' ? undefined : sessions[fuzzCase.identity];
  const cookie = fuzzCase.cookie ?? (sid ? `sid=${sid}` : undefined);
  if (cookie) headers.push(['cookie', cookie]);
  headers.push(['connection', 'close']);
  return { method: fuzzCase.method, target: fuzzCase.target, headers, body: fuzzCase.body, framing: fuzzCase.framing };
}

async function pool<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

function shuffle<T>(items: T[], rng: { int(min: number, max: number): number }): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = rng.int(0, i);
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy;
}

// ---------------------------------------------------------------------------------------------
// The routes, each with a realistic request to mutate

const json = (value: (n: number) => Record<string, unknown>): RouteBody => ({ kind: 'json', value });
/** The spec's checkout payload (§7), as the shop sends it. */
const checkoutFields = () => ({
  order_amount: 39.99,
  shipping_amount: 5.9,
  total_amount: 45.89,
  items: [{ code: 'BRACELET_CORDE', name: 'Bracelet en corde', image: '', color: 'bleu', quantity: 1, price: 39.99 }],
  parent_id: null,
  delivery_option: 'standard',
  shipping_method: 'laposte',
  relay_point: null,
  customer: {
    first_name: 'Camille',
    last_name: 'Durand',
    email: 'camille.fuzz@example.com',
    address: '12 rue des Lilas',
    city: 'Lyon',
    postal_code: '69003',
    country: 'France',
  },
});
const childFields = (firstName: string) => ({
  first_name: firstName,
  surname: 'Durand',
  birth_date: '2019-03-14',
  emergency_first_name: 'Paul',
  emergency_surname: 'Durand',
  emergency_phone: '06 98 76 54 32',
  relationship: 'Père',
});

function fuzzRoutes(fx: Fixtures): FuzzRoute[] {
  const [b0 = 'x', b1 = 'x', b2 = 'x'] = fx.bracelets;
  const bodies: Record<string, RouteBody> = {
    'POST /share_location': json(() => ({
      bracelet_id: b0,
      child_first_name: fx.childA.firstName,
      emergency_contact_phone: fx.childA.emergencyPhone,
      lat: 48.8566,
      lon: 2.3522,
    })),
    'POST /register_parent/': json((n) => ({
      nom: 'Durand',
      prenom: 'Camille',
      email: `fuzz-signup-${n}@example.com`,
      telephone: '06 12 34 56 78',
      mot_de_passe: 'mot de passe solide',
    })),
    'POST /login/': json(() => ({ email: fx.login.email, mot_de_passe: fx.login.password })),
    'POST /logout/': json(() => ({})),
    'POST /update-account-infos': json(() => ({
      parent_id: fx.parentId,
      last_name: 'Martin',
      first_name: 'Camille',
      phone: '+33612345678',
      photo: null,
    })),
    'POST /update-delivery-infos': json(() => ({
      parent_id: fx.parentId,
      address: '1 rue de la Paix',
      city: 'Paris',
      postal_code: '75002',
      country: 'France',
    })),
    'POST /request_password_reset': json(() => ({ email: fx.login.email })),
    'POST /reset_password/': json(() => ({ token: 'a'.repeat(43), new_password: 'nouveau mot de passe' })),
    'PUT /child_privacy/:id': json(() => ({ show_surname: true, show_photo: true, show_age: false })),
    'POST /associate_child_to_bracelet/': json(() => ({
      child_id: fx.childB,
      bracelet_id: b2,
      parent_id: fx.parentId,
      email_infos: { parent_email: fx.parentEmail },
    })),
    'POST /add_child_profile/': { kind: 'multipart', fields: () => ({ ...childFields('Fuzz'), parent_id: fx.parentId }) },
    'PUT /update_child_profile/:id': { kind: 'multipart', fields: () => childFields('Zoé') },
    'POST /create-payment-intent': json(() => checkoutFields()),
    // The back office's orders (staff only): the fixture's order is unpaid, so fulfilment answers 404 and nothing changes.
    'POST /orders/:id/status': json(() => ({ status: 'shipped', tracking_number: '6A12345678901' })),
    'POST /orders/:orderId/add_bracelet': json(() => ({ bracelet_id: b0 })),
    'POST /withdrawals': json(() => ({ name: 'Camille Durand', order_number: 'BQ-001001', email: 'camille.fuzz@example.com' })),
    'POST /payments/simulated/confirm': json(() => ({
      payment_intent: fx.order.paymentIntent,
      client_secret: fx.order.clientSecret,
      // Declined: the fixture's order stays payable for every case.
      payment_method: 'pm_card_chargeDeclined',
    })),
    'POST /batches': json(() => ({ quantity: 2, label: 'Lot du fuzz' })),
    // The fixture's order is unpaid: a refund is refused (409), never made.
    'POST /orders/:id/refund': json(() => ({ amount_cents: 1000 })),
  };
  const queries: Record<string, Record<string, string>> = {
    'GET /get-parent-by-id': { parent_id: fx.parentId },
    'GET /checkout/orders/:id/status': { client_secret: fx.order.clientSecret },
    'GET /invoices/:id': { token: 'x'.repeat(43) },
    'GET /relay_points': { postcode: '75001', country: 'FR' },
    'GET /orders': { status: 'to_prepare', q: 'BQ-00', page: '1' },
    'GET /batches': { page: '1' },
  };
  const params: Record<string, Record<string, string>> = {
    'PATCH /reset_bracelet/:id': { id: b1 },
    'DELETE /delete_child/:id': { id: fx.childC },
    'GET /checkout/orders/:id/status': { id: fx.order.id },
    'GET /invoices/:id': { id: fx.order.id },
    'GET /payments/simulated/authenticate/:id': { id: fx.order.paymentIntent },
    'POST /payments/simulated/authenticate/:id': { id: fx.order.paymentIntent },
    'GET /orders/:id': { id: fx.order.id },
    'POST /orders/:id/status': { id: fx.order.id },
    'POST /orders/:orderId/add_bracelet': { orderId: fx.order.id },
    'DELETE /orders/:orderId/bracelets/:braceletId': { orderId: fx.order.id, braceletId: b0 },
    'GET /batches/:id/sheet.pdf': { id: fx.batchId },
    'POST /orders/:id/refund': { id: fx.order.id },
    'POST /withdrawal_returns/:orderId/received': { orderId: fx.order.id },
  };

  // A realistic value for a :param of a route added later: guessed from its path.
  const guessParam = (path: string, owner: string, name: string): string => {
    if (/photo/i.test(name)) return owner === 'scan' ? fx.scanPhotoId : fx.familyPhotoId;
    if (/parent/.test(path)) return fx.parentId;
    if (/bracelet/.test(path)) return b0;
    if (/child/.test(path)) return fx.childB;
    return globalThis.crypto.randomUUID();
  };

  const proxied: FuzzRoute[] = routeTable.map((route) => {
    const key = `${route.method} ${route.path}`;
    const names = [...route.path.matchAll(/:(\w+)/g)].map((match) => match[1] as string);
    return {
      method: route.method,
      path: route.path,
      owner: route.service,
      params: Object.fromEntries(names.map((name) => [name, params[key]?.[name] ?? guessParam(route.path, route.service, name)])),
      query: queries[key] ?? {},
      body:
        bodies[key] ??
        (route.method === 'GET' || route.method === 'DELETE'
          ? { kind: 'none' }
          : json(() => ({ id: globalThis.crypto.randomUUID(), parent_id: fx.parentId, name: 'Camille' }))),
      accept: 'application/json',
    };
  });

  const own = (
    path: string,
    params: Record<string, string> = {},
    query: Record<string, string> = {},
    accept = 'application/json',
  ): FuzzRoute => ({
    method: 'GET',
    path,
    owner: 'gateway',
    params,
    query,
    body: { kind: 'none' },
    accept,
  });
  const page = (path: string, params: Record<string, string> = {}, query: Record<string, string> = {}) => ({
    ...own(path, params, query, 'text/html,application/xhtml+xml'),
    owner: 'frontend',
  });
  return [
    ...proxied,
    own('/healthz'),
    own('/readyz'),
    own('/backoffice-api/mail'),
    ...(fx.mailId ? [own('/backoffice-api/mail/:id', { id: fx.mailId })] : []),
    page('/'),
    page('/reset-password', {}, { token: 'abcdef' }),
    page('/b/:id', { id: b0 }),
    // The same page opened by a person: the card in the first response, looked up from scan (ADR 018).
    {
      ...page('/b/:id', { id: b0 }),
      headers: [
        ['sec-fetch-dest', 'document'],
        ['sec-fetch-mode', 'navigate'],
      ] as Array<[string, string]>,
    },
    page('/account'),
    page('/edit-child-profile/:id', { id: fx.childB }),
    { ...page('/remotes/family/:file', { file: 'remoteEntry.js' }), accept: '*/*' },
  ];
}

// ---------------------------------------------------------------------------------------------
// Fixtures: a parent with three children, two of them wearing bracelets, and a caught e-mail

async function logIn(baseUrl: string, account: { email: string; password: string }) {
  const response = await fetch(new URL('/login/', baseUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: account.email, mot_de_passe: account.password }),
  });
  if (response.status !== 200) throw new Error(`login of ${account.email} answered ${response.status}: ${await response.text()}`);
  const sid = response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0] ?? '')
    .find((cookie) => cookie.startsWith('sid='))
    ?.slice(4);
  if (!sid) throw new Error('login set no session cookie');
  return { sid, parentId: ((await response.json()) as { parent_id: string }).parent_id };
}

async function prepareFixtures(stack: Stack): Promise<Fixtures> {
  const base = stack.baseUrl;
  const { sid, parentId } = await logIn(base, stack.demo.parent);
  const cookie = `sid=${sid}`;
  const call = async (path: string, init: RequestInit, expected: number) => {
    const response = await fetch(new URL(path, base), { ...init, headers: { cookie, ...(init.headers as Record<string, string>) } });
    const text = await response.text();
    if (response.status !== expected) throw new Error(`${init.method ?? 'GET'} ${path} answered ${response.status}: ${text.slice(0, 300)}`);
    return text ? (JSON.parse(text) as Record<string, unknown>) : {};
  };
  const addChild = async (firstName: string, photo?: Buffer) => {
    const form = new FormData();
    for (const [name, value] of Object.entries({ ...childFields(firstName), parent_id: parentId })) form.append(name, value);
    if (photo) form.append('photo', new Blob([new Uint8Array(photo)], { type: 'image/png' }), 'photo.png');
    return call('/add_child_profile/', { method: 'POST', body: form }, 201);
  };
  const postJson = (path: string, body: unknown, expected = 200) =>
    call(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }, expected);

  const photo = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#88aaff' } })
    .png()
    .toBuffer();
  const childA = await addChild('Léa', photo);
  const childB = await addChild('Zoé');
  const childC = await addChild('Tom');
  const [b0 = '', b1 = ''] = stack.demo.bracelets;
  await postJson('/associate_child_to_bracelet/', { child_id: childA.id, bracelet_id: b0, parent_id: parentId });
  await postJson('/associate_child_to_bracelet/', { child_id: childB.id, bracelet_id: b1, parent_id: parentId });
  // scan learns of the association through events; the parent's own lookup raises no alert.
  const scanPhotoId = await eventually(async () => {
    const card = (await call(`/get_child_by_bracelet/${b0}`, {}, 200)) as { child?: { photo?: string | null } | null };
    return card.child?.photo ?? undefined;
  }, 30_000);

  const login = { email: 'fuzz-login@example.com', password: 'mot de passe du fuzz' };
  await postJson(
    '/register_parent/',
    { nom: 'Fuzz', prenom: 'Login', email: login.email, telephone: '06 11 22 33 44', mot_de_passe: login.password },
    201,
  );

  // A caught e-mail, so /backoffice-api/mail/:id has a real id to start from.
  await postJson('/request_password_reset', { email: stack.demo.parent.email });
  let mailId: string | undefined;
  try {
    mailId = await eventually(() => {
      try {
        return readdirSync(stack.mailDir).find((name) => name.endsWith('.eml'));
      } catch {
        return undefined;
      }
    }, 20_000);
  } catch {
    mailId = undefined;
  }

  // An order awaiting payment, once checkout has heard catalog's prices.
  const placed = await eventually(async () => {
    const response = await fetch(new URL('/create-payment-intent', base), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(checkoutFields()),
    });
    return response.status === 200
      ? ((await response.json()) as { order_id: string; payment_intent: string; client_secret: string })
      : undefined;
  }, 30_000);

  // The demo batch, as staff see it in the back office.
  const staff = await logIn(base, stack.demo.staff);
  const batches = await fetch(new URL('/batches', base), { headers: { cookie: `sid=${staff.sid}` } });
  if (batches.status !== 200) throw new Error(`GET /batches answered ${batches.status}`);
  const [batch] = (await batches.json()) as Array<{ id: string }>;
  if (!batch) throw new Error('no minted batch to print');

  return {
    batchId: batch.id,
    order: { id: placed.order_id, paymentIntent: placed.payment_intent, clientSecret: placed.client_secret },
    parentId,
    parentEmail: stack.demo.parent.email,
    childA: { id: String(childA.id), emergencyPhone: String(childA.emergency_phone), firstName: String(childA.first_name) },
    childB: String(childB.id),
    childC: String(childC.id),
    familyPhotoId: String(childA.photo),
    scanPhotoId,
    bracelets: stack.demo.bracelets,
    login,
    mailId,
  };
}
