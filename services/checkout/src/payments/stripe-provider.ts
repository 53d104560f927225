import Stripe from 'stripe';
import {
  type Confirmation,
  InvalidWebhookSignatureError,
  type PaymentIntentSummary,
  type PaymentMode,
  type PaymentProvider,
  PaymentProviderUnavailableError,
  RefundRefusedError,
} from './provider.js';

function summaryOf(intent: Stripe.PaymentIntent): PaymentIntentSummary {
  const error = intent.last_payment_error;
  return {
    id: intent.id,
    clientSecret: intent.client_secret ?? '',
    status: intent.status,
    amountCents: intent.amount,
    amountReceivedCents: intent.amount_received,
    currency: intent.currency,
    metadata: { ...intent.metadata },
    redirectUrl: intent.next_action?.type === 'redirect_to_url' ? (intent.next_action.redirect_to_url?.url ?? null) : null,
    lastPaymentError: error ? { code: error.code ?? null, declineCode: error.decline_code ?? null, message: error.message ?? null } : null,
  };
}

const unavailable = (error: unknown) =>
  new PaymentProviderUnavailableError(error instanceof Error ? error.message : 'payment provider unavailable', { cause: error });

/** The provider on the `stripe` SDK: real Stripe, or the fake when the SDK is pointed at it. */
export function createStripeProvider({
  stripe,
  webhookSecret,
  mode,
  publishableKey,
}: {
  stripe: Stripe;
  webhookSecret: string;
  mode: PaymentMode;
  publishableKey: string;
}): PaymentProvider {
  return {
    mode,
    publishableKey,

    async createPaymentIntent(input) {
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount: input.amountCents,
            currency: input.currency,
            automatic_payment_methods: { enabled: true },
            receipt_email: input.receiptEmail,
            description: `Commande ${input.orderNumber}`,
            metadata: { order_id: input.orderId, order_number: input.orderNumber },
          },
          { idempotencyKey: input.idempotencyKey },
        );
        return summaryOf(intent);
      } catch (error) {
        throw unavailable(error);
      }
    },

    async retrievePaymentIntent(intentId) {
      try {
        return summaryOf(await stripe.paymentIntents.retrieve(intentId));
      } catch (error) {
        throw unavailable(error);
      }
    },

    async confirmPaymentIntent(intentId, paymentMethod, returnUrl): Promise<Confirmation> {
      try {
        const intent = await stripe.paymentIntents.confirm(intentId, {
          payment_method: paymentMethod,
          ...(returnUrl ? { return_url: returnUrl } : {}),
        });
        return { intent: summaryOf(intent), declined: null };
      } catch (error) {
        // A refused card is an answer, not an outage: the buyer may try again with the same intent.
        if (error instanceof Stripe.errors.StripeCardError && error.payment_intent) {
          return { intent: summaryOf(error.payment_intent), declined: { code: error.code ?? null, message: error.message } };
        }
        throw unavailable(error);
      }
    },

    async refund(input) {
      try {
        const refund = await stripe.refunds.create(
          {
            payment_intent: input.paymentIntentId,
            ...(input.amountCents === undefined ? {} : { amount: input.amountCents }),
            reason: 'requested_by_customer',
            metadata: { order_id: input.orderId },
          },
          { idempotencyKey: input.idempotencyKey },
        );
        return { id: refund.id, amountCents: refund.amount, currency: refund.currency, status: refund.status ?? 'pending' };
      } catch (error) {
        // Stripe's own refusal (already refunded, too much): staff read why; anything else is an outage.
        if (error instanceof Stripe.errors.StripeInvalidRequestError) throw new RefundRefusedError(error.code ?? null, error.message);
        if (error instanceof Stripe.errors.StripeIdempotencyError) {
          throw new RefundRefusedError('idempotency_error', 'un autre remboursement de cette commande, d’un autre montant, est en cours');
        }
        throw unavailable(error);
      }
    },

    verifyWebhook(rawBody, signatureHeader) {
      if (!signatureHeader) throw new InvalidWebhookSignatureError('no Stripe-Signature header');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signatureHeader, webhookSecret);
      } catch (error) {
        throw new InvalidWebhookSignatureError(error instanceof Error ? error.message : 'bad signature');
      }
      const object = event.data.object as { object?: string };
      const refund = object.object === 'refund' ? (object as Stripe.Refund) : undefined;
      return {
        id: event.id,
        type: event.type,
        intent: object.object === 'payment_intent' ? summaryOf(object as Stripe.PaymentIntent) : null,
        refund: refund
          ? {
              id: refund.id,
              amountCents: refund.amount,
              currency: refund.currency,
              status: refund.status ?? 'pending',
              paymentIntentId: typeof refund.payment_intent === 'string' ? refund.payment_intent : (refund.payment_intent?.id ?? null),
              orderId: refund.metadata?.order_id ?? null,
            }
          : null,
      };
    },
  };
}
