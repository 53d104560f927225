import { randomBytes } from 'node:crypto';
import { TEST_PAYMENT_METHODS } from './constants.js';
import { docUrl, invalidRequest, missingParam, noSuchIntent, StripeApiError } from './errors.js';
import type { FormValue } from './form.js';

/** The fields of a PaymentIntent the fake keeps; what it answers is this object, as Stripe shapes it. */
export type FakePaymentIntent = {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  status: 'requires_payment_method' | 'requires_confirmation' | 'requires_action' | 'processing' | 'succeeded' | 'canceled';
  client_secret: string;
  metadata: Record<string, string>;
  description: string | null;
  receipt_email: string | null;
  payment_method: string | null;
  payment_method_types: string[];
  automatic_payment_methods: { enabled: boolean } | null;
  capture_method: 'automatic';
  confirmation_method: 'automatic';
  next_action: null | { type: 'redirect_to_url'; redirect_to_url: { url: string; return_url: string | null } };
  last_payment_error: null | Record<string, unknown>;
  latest_charge: string | null;
  created: number;
  livemode: false;
};

/** What a confirmation did, for the server to announce (a webhook) and answer. */
export type Outcome = {
  intent: FakePaymentIntent;
  event?: 'payment_intent.succeeded' | 'payment_intent.payment_failed';
  error?: StripeApiError;
};

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('base64url').replaceAll(/[-_]/g, 'x')}`;
const now = () => Math.floor(Date.now() / 1000);
const text = (value: FormValue | undefined) => (typeof value === 'string' ? value : undefined);

const declineOf = (intent: FakePaymentIntent, paymentMethod: string) => ({
  type: 'card_error',
  code: 'card_declined',
  decline_code: 'generic_decline',
  message: 'Your card was declined.',
  doc_url: docUrl('card_declined'),
  charge: intent.latest_charge,
  payment_method: { id: paymentMethod, object: 'payment_method', type: 'card' },
});

/**
 * PaymentIntents in memory, behaving as Stripe's test mode does for the test PaymentMethods the shop
 * uses: `pm_card_visa` succeeds, `pm_card_chargeDeclined` is declined (the intent goes back to
 * requires_payment_method, so the buyer can try again), `pm_card_threeDSecure2Required` asks for a
 * redirect until the buyer authenticates.
 */
export function createIntentStore(options: { authenticationUrl: (intent: FakePaymentIntent) => string }) {
  const intents = new Map<string, FakePaymentIntent>();
  const snapshot = (intent: FakePaymentIntent): FakePaymentIntent => structuredClone(intent);

  const find = (intentId: string) => {
    const intent = intents.get(intentId);
    if (!intent) throw noSuchIntent(intentId);
    return intent;
  };

  function succeed(intent: FakePaymentIntent): Outcome {
    intent.status = 'succeeded';
    intent.amount_received = intent.amount;
    intent.latest_charge = id('ch');
    intent.next_action = null;
    intent.last_payment_error = null;
    return { intent: snapshot(intent), event: 'payment_intent.succeeded' };
  }

  function decline(intent: FakePaymentIntent, paymentMethod: string, error: Record<string, unknown>): Outcome {
    intent.latest_charge = id('ch');
    intent.status = 'requires_payment_method';
    intent.next_action = null;
    intent.last_payment_error = { ...error, charge: intent.latest_charge };
    intent.payment_method = null;
    const answer = snapshot(intent);
    return {
      intent: answer,
      event: 'payment_intent.payment_failed',
      error: new StripeApiError(402, {
        ...error,
        charge: intent.latest_charge,
        payment_intent: answer,
        payment_method: { id: paymentMethod },
      }),
    };
  }

  return {
    create(params: Record<string, FormValue>): FakePaymentIntent {
      const amount = Number(text(params.amount));
      if (text(params.amount) === undefined) throw missingParam('amount');
      if (!Number.isInteger(amount) || amount < 50) {
        throw invalidRequest('Amount must be at least €0.50 eur', { code: 'amount_too_small', param: 'amount' });
      }
      const currency = text(params.currency)?.toLowerCase();
      if (!currency) throw missingParam('currency');
      const metadata = params.metadata;
      const intentId = id('pi');
      const intent: FakePaymentIntent = {
        id: intentId,
        object: 'payment_intent',
        amount,
        amount_received: 0,
        currency,
        status: 'requires_payment_method',
        client_secret: `${intentId}_secret_${randomBytes(18).toString('base64url').replaceAll(/[-_]/g, 'x')}`,
        metadata: typeof metadata === 'object' && !Array.isArray(metadata) ? (metadata as Record<string, string>) : {},
        description: text(params.description) ?? null,
        receipt_email: text(params.receipt_email) ?? null,
        payment_method: null,
        payment_method_types: Array.isArray(params.payment_method_types) ? (params.payment_method_types as string[]) : ['card'],
        automatic_payment_methods:
          typeof params.automatic_payment_methods === 'object' && !Array.isArray(params.automatic_payment_methods)
            ? { enabled: text(params.automatic_payment_methods.enabled) === 'true' }
            : null,
        capture_method: 'automatic',
        confirmation_method: 'automatic',
        next_action: null,
        last_payment_error: null,
        latest_charge: null,
        created: now(),
        livemode: false,
      };
      intents.set(intentId, intent);
      return snapshot(intent);
    },

    retrieve(intentId: string): FakePaymentIntent {
      return snapshot(find(intentId));
    },

    confirm(intentId: string, params: Record<string, FormValue>): Outcome {
      const intent = find(intentId);
      if (intent.status !== 'requires_payment_method' && intent.status !== 'requires_confirmation') {
        throw invalidRequest(
          `This PaymentIntent's payment_method could not be updated because it has a status of ${intent.status}. You may only update the payment_method of a PaymentIntent with one of the following statuses: requires_payment_method, requires_confirmation, requires_action.`,
          { code: 'payment_intent_unexpected_state', doc_url: docUrl('payment_intent_unexpected_state'), payment_intent: snapshot(intent) },
        );
      }
      const paymentMethod = text(params.payment_method) ?? intent.payment_method;
      if (!paymentMethod) throw missingParam('payment_method');
      intent.payment_method = paymentMethod;
      switch (paymentMethod) {
        case TEST_PAYMENT_METHODS.succeeds:
          return succeed(intent);
        case TEST_PAYMENT_METHODS.declined:
          return decline(intent, paymentMethod, declineOf(intent, paymentMethod));
        case TEST_PAYMENT_METHODS.threeDSecure:
          intent.status = 'requires_action';
          intent.next_action = {
            type: 'redirect_to_url',
            redirect_to_url: { url: options.authenticationUrl(intent), return_url: text(params.return_url) ?? null },
          };
          return { intent: snapshot(intent) };
        default:
          intent.payment_method = null;
          throw invalidRequest(`No such PaymentMethod: '${paymentMethod}'`, {
            code: 'resource_missing',
            param: 'payment_method',
            doc_url: docUrl('resource_missing'),
          });
      }
    },

    /** The buyer's answer on the (simulated) bank's authentication page. */
    authenticate(intentId: string, approved: boolean): Outcome {
      const intent = find(intentId);
      if (intent.status !== 'requires_action') {
        throw invalidRequest(`This PaymentIntent has a status of ${intent.status} and needs no authentication.`, {
          code: 'payment_intent_unexpected_state',
        });
      }
      if (approved) return succeed(intent);
      return decline(intent, intent.payment_method ?? TEST_PAYMENT_METHODS.threeDSecure, {
        type: 'invalid_request_error',
        code: 'payment_intent_authentication_failure',
        message: 'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
        doc_url: docUrl('payment_intent_authentication_failure'),
      });
    },
  };
}

export type IntentStore = ReturnType<typeof createIntentStore>;
