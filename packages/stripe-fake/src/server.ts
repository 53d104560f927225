import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { FAKE_API_VERSION } from './constants.js';
import { invalidRequest, StripeApiError } from './errors.js';
import { type FormValue, parseStripeForm } from './form.js';
import { createIntentStore, type FakePaymentIntent, type Outcome } from './intents.js';
import { createRefundStore } from './refunds.js';
import { createWebhookSender } from './webhooks.js';

export type StripeFakeOptions = {
  /** The only API key the fake accepts (Authorization: Bearer …). */
  secretKey: string;
  /** The secret webhooks are signed with. */
  webhookSecret: string;
  /** Where webhooks go: a URL, or a function read at each delivery (the receiver may start listening later). */
  webhookUrl?: string | (() => string | undefined);
  /** The page a `pm_card_threeDSecure2Required` payment is sent to; default: the fake's own authentication page. */
  authenticationUrl?: (intent: FakePaymentIntent, fakeBaseUrl: string) => string;
  host?: string;
  port?: number;
  retryDelaysMs?: readonly number[];
  log?: (message: string) => void;
};

export type StripeFake = {
  host: string;
  port: number;
  url: string;
  /**
   * Stripe's test-mode authentication: approve or refuse a payment waiting for 3-D Secure. Answers
   * the intent after it, and the return URL its confirmation gave (where the bank page sends the buyer).
   */
  authenticate(intentId: string, approved: boolean): { intent: FakePaymentIntent; returnUrl: string | null };
  /** Points webhooks somewhere else (once the receiver listens, its port is known). */
  setWebhookUrl(url: string | undefined): void;
  /** Resolves when every webhook under way has been delivered or given up. */
  webhooksSettled(): Promise<void>;
  close(): Promise<void>;
};

const MAX_BODY_BYTES = 256 * 1024;
const MAX_KEPT_REPLIES = 20_000;

/**
 * A local stand-in for the part of Stripe's API the shop uses, spoken as Stripe speaks it so the
 * real `stripe` SDK can be pointed at it (`host`, `port`, `protocol: 'http'`): PaymentIntents
 * create (Idempotency-Key honoured), retrieve, confirm with test PaymentMethods, refunds, and webhooks signed
 * like Stripe's. Brief §8: without keys, payments go through the same code offline.
 */
export async function startStripeFake(options: StripeFakeOptions): Promise<StripeFake> {
  const log = options.log ?? (() => {});
  let webhookUrl = options.webhookUrl;
  let baseUrl = '';
  const intents = createIntentStore({
    authenticationUrl: (intent) => options.authenticationUrl?.(intent, baseUrl) ?? `${baseUrl}/_fake/authenticate/${intent.id}`,
  });
  const refunds = createRefundStore(intents);
  const webhooks = createWebhookSender({
    secret: options.webhookSecret,
    url: () => (typeof webhookUrl === 'function' ? webhookUrl() : webhookUrl),
    retryDelaysMs: options.retryDelaysMs,
    log,
  });
  /** Idempotency-Key → the first request's fingerprint and answer, replayed for the same key. */
  const replies = new Map<string, { fingerprint: string; status: number; body: unknown }>();

  const announce = (outcome: Outcome, idempotencyKey: string | null) => {
    if (outcome.event) webhooks.send(outcome.event, outcome.intent, { idempotencyKey });
  };

  function route(
    method: string,
    path: string,
    params: Record<string, FormValue>,
    idempotencyKey: string | null,
  ): { status: number; body: unknown } {
    const confirm = /^\/v1\/payment_intents\/([A-Za-z0-9_]+)\/confirm$/.exec(path);
    const one = /^\/v1\/payment_intents\/([A-Za-z0-9_]+)$/.exec(path);
    if (method === 'POST' && path === '/v1/payment_intents') {
      const intent = intents.create(params);
      webhooks.send('payment_intent.created', intent, { idempotencyKey });
      if (params.confirm === 'true') return answerOutcome(intents.confirm(intent.id, params), idempotencyKey);
      return { status: 200, body: intent };
    }
    if (method === 'GET' && one?.[1]) return { status: 200, body: intents.retrieve(one[1]) };
    if (method === 'POST' && path === '/v1/refunds') {
      const { refund, charge } = refunds.create(params);
      // Stripe announces a card refund with both: the refund itself and the charge now (partly) refunded.
      webhooks.send('refund.created', refund, { idempotencyKey });
      webhooks.send('charge.refunded', charge, { idempotencyKey });
      return { status: 200, body: refund };
    }
    const oneRefund = /^\/v1\/refunds\/([A-Za-z0-9_]+)$/.exec(path);
    if (method === 'GET' && oneRefund?.[1]) return { status: 200, body: refunds.retrieve(oneRefund[1]) };
    if (method === 'POST' && confirm?.[1]) return answerOutcome(intents.confirm(confirm[1], params), idempotencyKey);
    throw invalidRequest(
      `Unrecognized request URL (${method}: ${path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
      {},
      404,
    );
  }

  function answerOutcome(outcome: Outcome, idempotencyKey: string | null) {
    announce(outcome, idempotencyKey);
    if (outcome.error) throw outcome.error;
    return { status: 200, body: outcome.intent };
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const requestId = `req_${randomBytes(7).toString('hex')}`;
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      response.writeHead(status, {
        'content-type': 'application/json',
        'request-id': requestId,
        'stripe-version': String(request.headers['stripe-version'] ?? FAKE_API_VERSION),
        ...headers,
      });
      response.end(JSON.stringify(body, null, 2));
    };
    try {
      const url = new URL(request.url ?? '/', 'http://fake');
      const raw = await readBody(request);
      if (url.pathname.startsWith('/_fake/authenticate/')) return answerAuthenticationPage(url, request.method ?? 'GET', raw, response);
      if (request.headers.authorization !== `Bearer ${options.secretKey}`) {
        throw invalidRequest('Invalid API Key provided.', {}, 401);
      }
      const params = parseStripeForm(request.method === 'GET' ? url.search.slice(1) : raw);
      const idempotencyKey = request.method === 'POST' ? ((request.headers['idempotency-key'] as string | undefined) ?? null) : null;
      if (idempotencyKey) {
        const fingerprint = createHash('sha256').update(`${request.method} ${url.pathname} ${raw}`).digest('hex');
        const replay = replies.get(idempotencyKey);
        if (replay) {
          if (replay.fingerprint !== fingerprint) {
            throw invalidRequest(
              `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
              { type: 'idempotency_error' },
            );
          }
          return send(replay.status, replay.body, { 'idempotent-replayed': 'true' });
        }
        const answer = answerOrError(() => route(request.method ?? 'GET', url.pathname, params, idempotencyKey));
        replies.set(idempotencyKey, { fingerprint, ...answer });
        // Stripe keeps keys for 24 hours; a long local run keeps the latest ones, not all.
        if (replies.size > MAX_KEPT_REPLIES) replies.delete(replies.keys().next().value as string);
        return send(answer.status, answer.body);
      }
      const answer = answerOrError(() => route(request.method ?? 'GET', url.pathname, params, null));
      return send(answer.status, answer.body);
    } catch (error) {
      if (error instanceof StripeApiError) return send(error.status, { error: { ...error.body, request_log_url: null } });
      log(`stripe fake: ${(error as Error).stack ?? error}`);
      return send(500, { error: { type: 'api_error', message: 'An unknown error occurred in the Stripe fake.' } });
    }
  }

  /**
   * The bank's 3-D Secure page, simulated: the buyer approves or refuses, then goes back to the
   * shop's return URL with the parameters Stripe adds (payment_intent, its client secret, redirect_status).
   */
  function answerAuthenticationPage(url: URL, method: string, raw: string, response: ServerResponse): void {
    const intentId = url.pathname.slice('/_fake/authenticate/'.length);
    const intent = intents.retrieve(intentId);
    if (method === 'POST') {
      const approved = new URLSearchParams(raw).get('outcome') === 'approve';
      const outcome = intent.status === 'requires_action' ? intents.authenticate(intentId, approved) : { intent };
      announce(outcome, null);
      const back = new URL(intent.next_action?.redirect_to_url.return_url ?? `${baseUrl}/`);
      back.searchParams.set('payment_intent', intent.id);
      back.searchParams.set('payment_intent_client_secret', intent.client_secret);
      back.searchParams.set('redirect_status', outcome.intent.status === 'succeeded' ? 'succeeded' : 'failed');
      response.writeHead(303, { location: back.toString() });
      response.end();
      return;
    }
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(authenticationPage(intent));
  }

  const server = createServer((request, response) => {
    void handle(request, response);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const address = server.address() as AddressInfo;
  const host = options.host ?? '127.0.0.1';
  baseUrl = `http://${host}:${address.port}`;

  return {
    host,
    port: address.port,
    url: baseUrl,
    authenticate(intentId, approved) {
      const returnUrl = intents.retrieve(intentId).next_action?.redirect_to_url.return_url ?? null;
      const outcome = intents.authenticate(intentId, approved);
      announce(outcome, null);
      return { intent: outcome.intent, returnUrl };
    },
    setWebhookUrl(url) {
      webhookUrl = url;
    },
    webhooksSettled: () => webhooks.settled(),
    async close() {
      webhooks.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
    },
  };
}

function answerOrError(work: () => { status: number; body: unknown }): { status: number; body: unknown } {
  try {
    return work();
  } catch (error) {
    // Stripe keeps the answer of an idempotent request even when it was an error (a decline replays as a decline).
    if (error instanceof StripeApiError) return { status: error.status, body: { error: { ...error.body, request_log_url: null } } };
    throw error;
  }
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw invalidRequest('Request body too large.', {}, 413);
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

const escapeHtml = (value: string) =>
  value.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

function authenticationPage(intent: FakePaymentIntent): string {
  const amount = (intent.amount / 100).toFixed(2).replace('.', ',');
  return `<!doctype html><html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>Authentification 3-D Secure (simulée)</title></head><body>
<main><h1>Authentification 3-D Secure — simulation</h1>
<p>Paiement de test de ${escapeHtml(amount)} ${escapeHtml(intent.currency.toUpperCase())}. Aucune banque n'est contactée.</p>
<form method="post"><button name="outcome" value="approve">Autoriser le paiement</button>
<button name="outcome" value="refuse">Refuser</button></form></main></body></html>`;
}
