import * as endpoints from '@bracelet/contracts/endpoints';
import { api, Button, EmailField, FormMessage, PasswordField, TextField, useForm } from '@bracelet/ui';
import type { ReactNode } from 'react';

export type SignupValues = { prenom: string; nom: string; email: string; telephone: string; mot_de_passe: string };

type Props = {
  /** The phone input: a plain tel field, or the wizard's international one. */
  phoneInput?: (value: string, onChange: (value: string) => void, error: string | undefined) => ReactNode;
  messages: { success: string; failure: string };
  onSuccess: (values: SignupValues) => Promise<void> | void;
};

/** Prénom, Nom, Adresse mail, Téléphone, Mot de passe (spec §2.3), posted to /register_parent/. */
export function SignupForm({ phoneInput, messages, onSuccess }: Props) {
  const form = useForm<SignupValues>({ prenom: '', nom: '', email: '', telephone: '', mot_de_passe: '' });
  const register = () =>
    form.submit((signal) => api(endpoints.registerParent(), { json: form.values, signal }), {
      success: messages.success,
      failure: messages.failure,
      fieldErrors: true,
      onSuccess: () => onSuccess(form.values),
    });

  const phone = form.field('telephone');
  return (
    <form className="form" onSubmit={form.onSubmit(register)}>
      <div className="grid-2">
        <TextField label="Prénom" autoComplete="given-name" required {...form.field('prenom')} />
        <TextField label="Nom" autoComplete="family-name" required {...form.field('nom')} />
      </div>
      <EmailField {...form.field('email')} />
      {phoneInput ? (
        phoneInput(phone.value, (value) => form.set('telephone', value), phone.error)
      ) : (
        <TextField label="Téléphone" type="tel" autoComplete="tel" required {...phone} />
      )}
      <PasswordField label="Mot de passe" autoComplete="new-password" required minLength={8} {...form.field('mot_de_passe')} />
      <FormMessage message={form.message} />
      <Button type="submit" state={form.button} successLabel="Compte créé" className="btn--block">
        Créer mon compte
      </Button>
    </form>
  );
}
