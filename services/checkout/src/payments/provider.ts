/**
 * The one way checkout talks to a payment provider (Medusa's shape: the service knows this
 * interface, never the SDK). Today one implementation, on the `stripe` SDK — pointed at Stripe, or
 * at the local fake in simulated mode (ADR 012).
 */

export type PaymentMode = 'stripe' | 'simulated';

export type PaymentIntentSummary = {
  id: string;
  clientSecret: string;
  status: string;
  amountCents: number;
  amountReceivedCents: number;
  currency: string;
  metadata: Record<string, string>;
  /** Where the buyer must go to authenticate (3-D Secure), when the intent requires action. */
  redirectUrl: string | null;
  lastPaymentError: { code: string | null; declineCode: string | null; message: string | null } | null;
};

/** A refund a webhook reports, with what names its order (our metadata, else the PaymentIntent). */
export type RefundReport = RefundSummary & { paymentIntentId: string | null; orderId: string | null };

/** A verified webhook: its id (deduplication), type, and the PaymentIntent or refund it is about, if any. */
export type PaymentEvent = { id: string; type: string; intent: PaymentIntentSummary | null; refund?: RefundReport | null };

export type NewPaymentIntent = {
  amountCents: number;
  currency: 'eur';
  orderId: string;
  orderNumber: string;
  receiptEmail: string;
  /** Same key, same intent: a retried creation never makes a second one. */
  idempotencyKey: string;
};

/** A refund to make: the whole payment unless an amount is given. */
export type NewRefund = {
  paymentIntentId: string;
  amountCents?: number;
  orderId: string;
  /** Same key, same refund: a retried call never refunds twice. */
  idempotencyKey: string;
};

/** A refund the provider made (or is making: card refunds may stay pending a while). */
export type RefundSummary = { id: string; amountCents: number; currency: string; status: string };

/** The provider refused the refund for a reason staff must read (already refunded, amount too large). */
export class RefundRefusedError extends Error {
  constructor(
    readonly code: string | null,
    message: string,
  ) {
    super(message);
  }
}

/** The outcome of a confirmation: the intent as it is now, and the decline if the card was refused. */
export type Confirmation = { intent: PaymentIntentSummary; declined: { code: string | null; message: string } | null };

export type PaymentProvider = {
  mode: PaymentMode;
  publishableKey: string;
  createPaymentIntent(input: NewPaymentIntent): Promise<PaymentIntentSummary>;
  retrievePaymentIntent(intentId: string): Promise<PaymentIntentSummary>;
  /** Server-side confirmation with a PaymentMethod id (the simulated test card form; Stripe test mode accepts it too). */
  confirmPaymentIntent(intentId: string, paymentMethod: string, returnUrl?: string): Promise<Confirmation>;
  /** Refunds a paid intent; RefundRefusedError when the provider says no, PaymentProviderUnavailableError when unreachable. */
  refund(input: NewRefund): Promise<RefundSummary>;
  /** Checks the signature over the exact bytes received; throws InvalidWebhookSignatureError. */
  verifyWebhook(rawBody: Buffer, signatureHeader: string | undefined): PaymentEvent;
};

export class InvalidWebhookSignatureError extends Error {}

/** The provider could not be reached or refused the call for a reason that is not the buyer's card. */
export class PaymentProviderUnavailableError extends Error {}
