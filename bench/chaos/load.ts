import { familyAlertedHeader } from '@bracelet/contracts';
import { orderFor } from './families.js';

/**
 * Steady, open-loop load through the gateway, as finders, newcomers and buyers make it: each kind
 * of request leaves on its own clock whether or not the previous ones were answered, so a stuck
 * dependency shows as long requests, never as a load that politely waited.
 */
export type RequestKind = 'lookup-configured' | 'lookup-unconfigured' | 'lookup-unknown' | 'signup' | 'payment-intent' | 'payment-confirm';

export type Failure = 'refused' | 'reset' | 'timeout' | 'other';

export type Sample = {
  kind: RequestKind;
  /** performance.now() when the request left. */
  startedAt: number;
  /** Until the whole answer was read, or the request failed. */
  ms: number;
  status?: number;
  /** No HTTP answer: the connection was refused, cut, or the client gave up (CLIENT_TIMEOUT_MS). */
  failure?: Failure;
  detail?: string;
  bracelet?: string;
  /** A configured lookup answered 200 without `x-family-alerted: 0`: the page tells the finder the family was alerted. */
  toldAlerted?: boolean;
  email?: string;
};

export type LoadRates = {
  /** Lookups of configured bracelets per second… */
  configuredPerSecond: number;
  /** …each bracelet looked up this many times in a row (the first lookup opens its alert window). */
  lookupsPerBracelet: number;
  /** Lookups of minted but unconfigured bracelets and of unknown ids (404), per second, alternating. */
  otherLookupsPerSecond: number;
  signupsPerSecond: number;
  /** Payments (a payment intent, then the simulated provider's confirmation) per second. */
  paymentsPerSecond: number;
};

/** The client gives up after this long; the budget (DEADLINE_MS) is shorter, so an answer past it is still measured. */
export const CLIENT_TIMEOUT_MS = 15_000;

function failureOf(error: unknown): { failure: Failure; detail: string } {
  const err = error as { name?: string; message?: string; cause?: { code?: string; message?: string } };
  const detail = `${err.name ?? 'Error'}: ${err.cause?.code ?? ''} ${err.cause?.message ?? err.message ?? ''}`.trim();
  if (err.name === 'TimeoutError' || err.name === 'AbortError') return { failure: 'timeout', detail };
  const code = err.cause?.code ?? '';
  if (code === 'ECONNREFUSED') return { failure: 'refused', detail };
  if (code === 'ECONNRESET' || code === 'EPIPE' || code === 'UND_ERR_SOCKET' || code === 'UND_ERR_CLOSED')
    return { failure: 'reset', detail };
  return { failure: 'other', detail };
}

export type Load = {
  samples: Sample[];
  /** Configured bracelets whose first lookup was sent. */
  braceletsUsed: string[];
  signupEmails: string[];
  buyerEmails: string[];
  /** Stops sending and waits for every request still out. */
  stop(): Promise<void>;
};

export function startLoad({
  baseUrl,
  label,
  nextBracelet,
  unconfigured,
  rates,
}: {
  baseUrl: string;
  /** Makes this load's e-mail addresses its own. */
  label: string;
  /** The next configured bracelet never looked up before (undefined when none is left). */
  nextBracelet: () => string | undefined;
  unconfigured: string[];
  rates: LoadRates;
}): Load {
  const samples: Sample[] = [];
  const inFlight = new Set<Promise<void>>();
  const timers: NodeJS.Timeout[] = [];
  const braceletsUsed: string[] = [];
  const signupEmails: string[] = [];
  const buyerEmails: string[] = [];

  type Answer = { sample: Sample; status?: number; body?: unknown; headers?: Headers };
  const send = (kind: RequestKind, path: string, init: RequestInit, extra: Partial<Sample> = {}): Promise<Answer> => {
    const startedAt = performance.now();
    const sample: Sample = { kind, startedAt, ms: 0, ...extra };
    samples.push(sample);
    return fetch(new URL(path, baseUrl), { ...init, signal: AbortSignal.timeout(CLIENT_TIMEOUT_MS) })
      .then(async (response) => {
        const text = await response.text();
        sample.ms = performance.now() - startedAt;
        sample.status = response.status;
        let body: unknown;
        try {
          body = JSON.parse(text);
        } catch {
          body = undefined;
        }
        return { sample, status: response.status, body, headers: response.headers };
      })
      .catch((error: unknown) => {
        sample.ms = performance.now() - startedAt;
        Object.assign(sample, failureOf(error));
        return { sample };
      });
  };
  const track = (work: Promise<unknown>) => {
    const settled = work.then(() => undefined);
    inFlight.add(settled);
    void settled.finally(() => inFlight.delete(settled));
  };
  const every = (perSecond: number, tick: () => void) => {
    if (perSecond > 0) timers.push(setInterval(tick, 1000 / perSecond));
  };

  let current: string | undefined;
  let lookupsOfCurrent = 0;
  every(rates.configuredPerSecond, () => {
    if (!current || lookupsOfCurrent >= rates.lookupsPerBracelet) {
      current = nextBracelet();
      lookupsOfCurrent = 0;
      if (current) braceletsUsed.push(current);
    }
    if (!current) return;
    const bracelet = current;
    lookupsOfCurrent += 1;
    track(
      send('lookup-configured', `/get_child_by_bracelet/${bracelet}`, {}, { bracelet }).then(({ sample, status, headers }) => {
        if (status === 200) sample.toldAlerted = headers?.get(familyAlertedHeader) !== '0';
      }),
    );
  });

  let other = 0;
  every(rates.otherLookupsPerSecond, () => {
    other += 1;
    if (other % 2 === 0 && unconfigured.length > 0) {
      track(send('lookup-unconfigured', `/get_child_by_bracelet/${unconfigured[other % unconfigured.length]}`, {}));
    } else {
      track(send('lookup-unknown', `/get_child_by_bracelet/INCONNU${String(other).padStart(6, '0')}`, {}));
    }
  });

  let signups = 0;
  every(rates.signupsPerSecond, () => {
    signups += 1;
    const email = `inscription-${label}-${signups}@example.com`;
    signupEmails.push(email);
    const body = { nom: 'Martin', prenom: 'Camille', email, telephone: '+33612345678', mot_de_passe: 'un mot de passe solide' };
    track(send('signup', '/register_parent/', jsonPost(body), { email }));
  });

  let payments = 0;
  every(rates.paymentsPerSecond, () => {
    payments += 1;
    const email = `acheteur-${label}-${payments}@example.com`;
    buyerEmails.push(email);
    track(
      send('payment-intent', '/create-payment-intent', jsonPost(orderFor(email)), { email }).then(({ status, body }) => {
        if (status !== 200) return;
        const intent = body as { payment_intent: string; client_secret: string };
        return send(
          'payment-confirm',
          '/payments/simulated/confirm',
          jsonPost({ payment_intent: intent.payment_intent, client_secret: intent.client_secret, payment_method: 'pm_card_visa' }),
          { email },
        );
      }),
    );
  });

  return {
    samples,
    braceletsUsed,
    signupEmails,
    buyerEmails,
    async stop() {
      for (const timer of timers) clearInterval(timer);
      while (inFlight.size > 0) await Promise.all([...inFlight]);
    },
  };
}

const jsonPost = (body: unknown): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});
