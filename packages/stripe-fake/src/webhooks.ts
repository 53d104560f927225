import { createHmac, randomBytes } from 'node:crypto';

/** The `Stripe-Signature` header Stripe sends: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.payload">`. */
export function signWebhookPayload(payload: string, secret: string, timestamp = Math.floor(Date.now() / 1000)): string {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex');
  return `t=${timestamp},v1=${signature}`;
}

export type WebhookEvent = {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  data: { object: unknown };
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  type: string;
};

export type WebhookSenderOptions = {
  secret: string;
  /** Where to deliver; undefined while the receiver is not listening yet (deliveries wait). */
  url: () => string | undefined;
  /** Delays before each retry of a delivery that failed (network error or non-2xx answer). */
  retryDelaysMs?: readonly number[];
  log?: (message: string) => void;
};

const DEFAULT_RETRY_DELAYS_MS = [200, 500, 1000, 2000, 5000, 10_000, 30_000, 60_000];

/**
 * Delivers events as Stripe does: a JSON POST signed with the endpoint's secret, freshly signed at
 * each attempt, retried while the receiver answers anything but 2xx. Stripe retries for days; the
 * fake gives up after its last delay, which is plenty for a local run.
 */
export function createWebhookSender({ secret, url, retryDelaysMs = DEFAULT_RETRY_DELAYS_MS, log = () => {} }: WebhookSenderOptions) {
  const pending = new Set<Promise<void>>();
  // Waiting retries, so close() can end them at once instead of leaving them pending.
  const timers = new Map<NodeJS.Timeout, () => void>();
  let closed = false;

  const wait = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        resolve();
      }, ms);
      timers.set(timer, resolve);
    });

  async function attempt(event: WebhookEvent, payload: string): Promise<boolean> {
    const target = url();
    if (!target) return false;
    try {
      const response = await fetch(target, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'stripe-signature': signWebhookPayload(payload, secret),
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
        },
        body: payload,
        signal: AbortSignal.timeout(10_000),
      });
      await response.arrayBuffer().catch(() => undefined);
      if (response.ok) return true;
      log(`webhook ${event.type} ${event.id} answered ${response.status}`);
    } catch (error) {
      log(`webhook ${event.type} ${event.id} failed: ${(error as Error).message}`);
    }
    return false;
  }

  async function deliver(event: WebhookEvent): Promise<void> {
    const payload = JSON.stringify(event, null, 2);
    for (let index = 0; !closed; index++) {
      if (await attempt(event, payload)) return;
      const delay = retryDelaysMs[index];
      if (delay === undefined) {
        log(`webhook ${event.type} ${event.id} given up after ${index + 1} attempts`);
        return;
      }
      await wait(delay);
    }
  }

  return {
    /** Builds the event and delivers it in the background. */
    send(type: string, object: unknown, request: { idempotencyKey: string | null } = { idempotencyKey: null }): WebhookEvent {
      const event: WebhookEvent = {
        id: `evt_${randomBytes(12).toString('hex')}`,
        object: 'event',
        api_version: '2026-10-28.endive',
        created: Math.floor(Date.now() / 1000),
        data: { object },
        livemode: false,
        pending_webhooks: 1,
        request: { id: `req_${randomBytes(7).toString('hex')}`, idempotency_key: request.idempotencyKey },
        type,
      };
      const delivery = deliver(event).finally(() => pending.delete(delivery));
      pending.add(delivery);
      return event;
    },
    /** Resolves once every delivery under way has succeeded or been given up. */
    async settled(): Promise<void> {
      while (pending.size > 0) await Promise.all([...pending]);
    },
    close(): void {
      closed = true;
      for (const [timer, resolve] of timers) {
        clearTimeout(timer);
        resolve();
      }
      timers.clear();
    },
  };
}

export type WebhookSender = ReturnType<typeof createWebhookSender>;
