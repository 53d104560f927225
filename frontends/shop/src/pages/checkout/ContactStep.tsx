import { Button, EmailField, SelectField, TextField } from '@bracelet/ui';
import type { FormEvent } from 'react';
import { type ContactValues, isContactComplete } from './contact';

type Props = {
  values: ContactValues;
  onChange: (values: ContactValues) => void;
  onContinue: () => void;
};

/** Step 1 (spec §2.12): who buys and where to deliver; 'Continuer' once every field is filled in. */
export function ContactStep({ values, onChange, onContinue }: Props) {
  const bind = (name: keyof ContactValues) => ({
    name,
    value: values[name],
    onChange: (event: { target: { value: string } }) => onChange({ ...values, [name]: event.target.value }),
  });
  function submit(event: FormEvent) {
    event.preventDefault();
    if (isContactComplete(values)) onContinue();
  }
  return (
    <form className="checkout-form" onSubmit={submit} noValidate>
      <EmailField {...bind('email')} />
      <div className="checkout-form__row">
        <TextField label="Prénom" autoComplete="given-name" required maxLength={100} {...bind('prenom')} />
        <TextField label="Nom" autoComplete="family-name" required maxLength={100} {...bind('nom')} />
      </div>
      <TextField label="Téléphone" type="tel" autoComplete="tel" required maxLength={32} {...bind('telephone')} />
      <TextField label="Adresse" autoComplete="street-address" required maxLength={200} {...bind('adresse')} />
      <div className="checkout-form__row">
        <TextField label="Code postal" autoComplete="postal-code" inputMode="numeric" required maxLength={10} {...bind('codePostal')} />
        <TextField label="Ville" autoComplete="address-level2" required maxLength={100} {...bind('ville')} />
      </div>
      <SelectField
        label="Pays"
        autoComplete="country-name"
        options={['France']}
        hint="Nous livrons en France métropolitaine."
        {...bind('country')}
      />
      <Button type="submit" disabled={!isContactComplete(values)}>
        Continuer
      </Button>
    </form>
  );
}
