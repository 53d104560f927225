import { Button, FormMessage, formatEuros, Loading } from '@bracelet/ui';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { type FormEvent, useEffect, useState } from 'react';
import { PAYMENT_FAILED, PAYMENT_UNAVAILABLE, type PaymentOutcome, returnUrlOf } from './payment';

/** How long Stripe.js may take to load before the page says payment is unavailable. */
const STRIPE_LOAD_TIMEOUT_MS = 8000;

type Props = {
  publishableKey: string;
  orderId: string;
  clientSecret: string;
  totalCents: number;
  onOutcome: (outcome: PaymentOutcome) => void;
};

let loading: Promise<Stripe | null> | undefined;
/** Stripe.js, loaded once and only here (the `pure` entry adds no script until asked). */
function stripeOf(publishableKey: string): Promise<Stripe | null> {
  loading ??= loadStripe(publishableKey, { locale: 'fr' }).catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('timeout')), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/**
 * Real Stripe (with keys): Stripe Elements' Payment Element; the pay button is disabled until the
 * form reports complete and while processing (spec §2.12). If Stripe.js cannot load (offline, a
 * blocker), the page says in French that payment is unavailable, and nothing hangs.
 */
export default function StripeCardForm({ publishableKey, orderId, clientSecret, totalCents, onOutcome }: Props) {
  const [stripe, setStripe] = useState<Stripe | null | 'failed'>(null);
  useEffect(() => {
    let current = true;
    withTimeout(stripeOf(publishableKey), STRIPE_LOAD_TIMEOUT_MS).then(
      (loaded) => current && setStripe(loaded ?? 'failed'),
      () => current && setStripe('failed'),
    );
    return () => {
      current = false;
    };
  }, [publishableKey]);
  if (stripe === 'failed') return <FormMessage kind="error">{PAYMENT_UNAVAILABLE}</FormMessage>;
  if (stripe === null) return <Loading label="Chargement du paiement sécurisé…" />;
  return (
    <Elements stripe={stripe} options={{ clientSecret, locale: 'fr' }}>
      <PaymentForm orderId={orderId} totalCents={totalCents} onOutcome={onOutcome} />
    </Elements>
  );
}

function PaymentForm({ orderId, totalCents, onOutcome }: Pick<Props, 'orderId' | 'totalCents' | 'onOutcome'>) {
  const stripe = useStripe();
  const elements = useElements();
  const [complete, setComplete] = useState(false);
  const [processing, setProcessing] = useState(false);
  const [error, setError] = useState<string>();

  async function pay(event: FormEvent) {
    event.preventDefault();
    if (!stripe || !elements || !complete || processing) return;
    setProcessing(true);
    setError(undefined);
    const result = await stripe.confirmPayment({ elements, confirmParams: { return_url: returnUrlOf(orderId) }, redirect: 'if_required' });
    setProcessing(false);
    if (result.error) {
      // Logged only (spec §8): the buyer stays on the form with Stripe's own French message.
      console.warn('payment confirmation failed', result.error.type);
      const message =
        result.error.type === 'card_error' || result.error.type === 'validation_error'
          ? (result.error.message ?? PAYMENT_FAILED)
          : PAYMENT_FAILED;
      setError(message);
      onOutcome({ kind: 'failed', message });
      return;
    }
    if (result.paymentIntent.status === 'succeeded' || result.paymentIntent.status === 'processing') onOutcome({ kind: 'succeeded' });
    else setError(PAYMENT_FAILED);
  }

  return (
    <form className="checkout-form" onSubmit={pay}>
      <PaymentElement onChange={(change) => setComplete(change.complete)} />
      {error ? <FormMessage kind="error">{error}</FormMessage> : null}
      <Button type="submit" state={processing ? 'loading' : 'idle'} disabled={!stripe || !complete}>
        Payer {formatEuros(totalCents)}
      </Button>
    </form>
  );
}
