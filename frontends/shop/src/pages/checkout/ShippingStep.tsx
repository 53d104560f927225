import { Button, type ButtonState, formatEuros } from '@bracelet/ui';
import type { FormEvent } from 'react';
import { RelayPicker } from './RelayPicker';
import { DELIVERY_LABELS, type Delivery, isShippingComplete, type ShippingChoice, shippingCentsOf } from './shipping';

type Props = {
  choice: ShippingChoice;
  goodsCents: number;
  postcode: string;
  button: ButtonState;
  onChange: (choice: ShippingChoice) => void;
  onContinue: () => void;
};

const priceOf = (delivery: Delivery, goodsCents: number) => {
  const cents = shippingCentsOf(delivery, goodsCents);
  return cents === 0 ? 'Offerte' : formatEuros(cents);
};

/**
 * Step 2 (spec §2.12): home delivery with La Poste (standard or express) or a relay point. The
 * relay list loads as soon as the step opens on it. 'Continuer' asks the server for the payment.
 */
export function ShippingStep({ choice, goodsCents, postcode, button, onChange, onContinue }: Props) {
  function submit(event: FormEvent) {
    event.preventDefault();
    if (isShippingComplete(choice)) onContinue();
  }
  const option = (delivery: Delivery, checked: boolean, select: () => void) => (
    <label className={`shipping-option${checked ? ' shipping-option--selected' : ''}`}>
      <input type="radio" name="delivery" checked={checked} onChange={select} />
      <span className="shipping-option__text">
        <strong>{DELIVERY_LABELS[delivery].title}</strong>
        <span className="muted">{DELIVERY_LABELS[delivery].delay}</span>
      </span>
      <span className="shipping-option__price">{priceOf(delivery, goodsCents)}</span>
    </label>
  );
  const home = choice.method === 'laposte';
  return (
    <form className="checkout-form" onSubmit={submit}>
      <fieldset className="shipping-options">
        <legend>Mode de livraison</legend>
        {option('standard', home && choice.option === 'standard', () => onChange({ method: 'laposte', option: 'standard' }))}
        {option('express', home && choice.option === 'express', () => onChange({ method: 'laposte', option: 'express' }))}
        {option('relay', !home, () => onChange({ method: 'mondialrelay', relay: null }))}
      </fieldset>
      {choice.method === 'mondialrelay' ? (
        <RelayPicker postcode={postcode} selected={choice.relay} onSelect={(relay) => onChange({ method: 'mondialrelay', relay })} />
      ) : null}
      <Button type="submit" state={button} disabled={!isShippingComplete(choice)}>
        Continuer
      </Button>
    </form>
  );
}
