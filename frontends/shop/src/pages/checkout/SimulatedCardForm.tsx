import * as endpoints from '@bracelet/contracts/endpoints';
import type { SimulatedConfirmRequest } from '@bracelet/contracts/http';
import { SIMULATED_TEST_CARDS } from '@bracelet/contracts/values';
import { api, Button, FormMessage, formatEuros } from '@bracelet/ui';
import { type FormEvent, useId, useState } from 'react';
import { PAYMENT_FAILED, PAYMENT_UNAVAILABLE, type PaymentOutcome, returnUrlOf } from './payment';

/** The test cards the simulated provider knows, by their digits. */
const TEST_CARDS = new Map<string, SimulatedConfirmRequest['payment_method']>(
  SIMULATED_TEST_CARDS.map((card) => [card.number.replace(/\s/g, ''), card.payment_method]),
);

const digitsOf = (value: string) => value.replace(/\D/g, '');
const groupCardNumber = (value: string) =>
  digitsOf(value)
    .slice(0, 16)
    .replace(/(\d{4})(?=\d)/g, '$1 ');

/** MM/AA not in the past. */
function isValidExpiry(value: string, now = new Date()): boolean {
  const match = /^(\d{2})\s*\/\s*(\d{2})$/.exec(value.trim());
  if (!match) return false;
  const month = Number(match[1]);
  const year = 2000 + Number(match[2]);
  if (month < 1 || month > 12) return false;
  return year > now.getFullYear() || (year === now.getFullYear() && month >= now.getMonth() + 1);
}

type Props = {
  orderId: string;
  paymentIntent: string;
  clientSecret: string;
  totalCents: number;
  onOutcome: (outcome: PaymentOutcome) => void;
};

/**
 * The simulated provider's card form (ADR 012), clearly labelled: no real card is charged. It
 * confirms the PaymentIntent with Stripe's test PaymentMethods through checkout, which calls the
 * local Stripe fake with the same SDK; the order is paid only when the fake's signed webhook lands.
 */
export function SimulatedCardForm({ orderId, paymentIntent, clientSecret, totalCents, onOutcome }: Props) {
  const [number, setNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');
  const [processing, setProcessing] = useState(false);
  const [error, setError] = useState<string>();
  const ids = { number: useId(), expiry: useId(), cvc: useId() };
  const complete = digitsOf(number).length === 16 && isValidExpiry(expiry) && /^\d{3}$/.test(cvc);

  async function pay(event: FormEvent) {
    event.preventDefault();
    if (!complete || processing) return;
    const paymentMethod = TEST_CARDS.get(digitsOf(number));
    if (!paymentMethod) {
      setError('Carte de test inconnue : utilisez 4242 4242 4242 4242 (acceptée) ou 4000 0000 0000 0002 (refusée).');
      return;
    }
    setProcessing(true);
    setError(undefined);
    const result = await api(endpoints.confirmSimulatedPayment(), {
      json: { payment_intent: paymentIntent, client_secret: clientSecret, payment_method: paymentMethod, return_url: returnUrlOf(orderId) },
    });
    setProcessing(false);
    if (!result.ok) {
      const message =
        result.status === 402
          ? (result.message ?? PAYMENT_FAILED)
          : result.status === 0 || result.status >= 500
            ? PAYMENT_UNAVAILABLE
            : (result.message ?? PAYMENT_FAILED);
      setError(message);
      onOutcome({ kind: 'failed', message });
      return;
    }
    const intent = result.data.payment_intent;
    if (intent.status === 'succeeded' || intent.status === 'processing') onOutcome({ kind: 'succeeded' });
    else if (intent.next_action) onOutcome({ kind: 'redirect', url: intent.next_action.redirect_to_url.url });
    else {
      setError(PAYMENT_FAILED);
      onOutcome({ kind: 'failed', message: PAYMENT_FAILED });
    }
  }

  return (
    <form className="checkout-form test-card" onSubmit={pay} noValidate>
      <p className="test-card__label" role="note">
        <strong>Mode test</strong> — aucune carte réelle n’est débitée. Carte acceptée : 4242 4242 4242 4242 ; carte refusée : 4000 0000
        0000 0002 ; avec authentification 3-D Secure : 4000 0000 0000 3220. Date future et CVC quelconques.
      </p>
      <div className="field">
        <label htmlFor={ids.number}>Numéro de carte</label>
        <input
          id={ids.number}
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="1234 1234 1234 1234"
          value={number}
          onChange={(event) => setNumber(groupCardNumber(event.target.value))}
        />
      </div>
      <div className="checkout-form__row">
        <div className="field">
          <label htmlFor={ids.expiry}>Date d’expiration (MM/AA)</label>
          <input
            id={ids.expiry}
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder="MM/AA"
            maxLength={5}
            value={expiry}
            onChange={(event) => {
              const digits = digitsOf(event.target.value).slice(0, 4);
              setExpiry(digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits);
            }}
          />
        </div>
        <div className="field">
          <label htmlFor={ids.cvc}>CVC</label>
          <input
            id={ids.cvc}
            inputMode="numeric"
            autoComplete="cc-csc"
            maxLength={3}
            value={cvc}
            onChange={(event) => setCvc(digitsOf(event.target.value).slice(0, 3))}
          />
        </div>
      </div>
      {error ? <FormMessage kind="error">{error}</FormMessage> : null}
      <Button type="submit" state={processing ? 'loading' : 'idle'} disabled={!complete}>
        Payer {formatEuros(totalCents)}
      </Button>
    </form>
  );
}
