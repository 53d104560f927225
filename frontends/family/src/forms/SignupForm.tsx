import type { SignupResponse } from '@bracelet/contracts/http';
import { api, Button, type ButtonState, FormMessage, PasswordField, TextField } from '@bracelet/ui';
import { type FormEvent, type ReactNode, useState } from 'react';

export type SignupValues = { prenom: string; nom: string; email: string; telephone: string; mot_de_passe: string };

type Props = {
  /** The phone input: a plain tel field, or the wizard's international one. */
  phoneInput?: (value: string, onChange: (value: string) => void, error: string | undefined) => ReactNode;
  messages: { success: string; failure: string };
  onSuccess: (values: SignupValues) => Promise<void> | void;
};

/** Prénom, Nom, Adresse mail, Téléphone, Mot de passe (spec §2.3), posted to /register_parent/. */
export function SignupForm({ phoneInput, messages, onSuccess }: Props) {
  const [values, setValues] = useState<SignupValues>({ prenom: '', nom: '', email: '', telephone: '', mot_de_passe: '' });
  const [state, setState] = useState<ButtonState>('idle');
  const [fields, setFields] = useState<Record<string, string[]>>({});
  const [message, setMessage] = useState<{ kind: 'success' | 'error'; text: string }>();
  const set = (name: keyof SignupValues) => (value: string) => setValues((current) => ({ ...current, [name]: value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    setState('loading');
    setMessage(undefined);
    const result = await api<SignupResponse>('/register_parent/', { method: 'POST', json: values });
    if (!result.ok) {
      setState('idle');
      setFields(result.fields ?? {});
      setMessage({ kind: 'error', text: messages.failure });
      return;
    }
    setFields({});
    setState('success');
    setMessage({ kind: 'success', text: messages.success });
    await onSuccess(values);
  }

  const error = (name: string) => fields[name]?.[0];
  return (
    <form className="form" onSubmit={submit}>
      <div className="grid-2">
        <TextField
          label="Prénom"
          name="prenom"
          autoComplete="given-name"
          required
          value={values.prenom}
          error={error('prenom')}
          onChange={(event) => set('prenom')(event.target.value)}
        />
        <TextField
          label="Nom"
          name="nom"
          autoComplete="family-name"
          required
          value={values.nom}
          error={error('nom')}
          onChange={(event) => set('nom')(event.target.value)}
        />
      </div>
      <TextField
        label="Adresse mail"
        type="email"
        name="email"
        autoComplete="email"
        required
        value={values.email}
        error={error('email')}
        onChange={(event) => set('email')(event.target.value)}
      />
      {phoneInput ? (
        phoneInput(values.telephone, set('telephone'), error('telephone'))
      ) : (
        <TextField
          label="Téléphone"
          type="tel"
          name="telephone"
          autoComplete="tel"
          required
          value={values.telephone}
          error={error('telephone')}
          onChange={(event) => set('telephone')(event.target.value)}
        />
      )}
      <PasswordField
        label="Mot de passe"
        name="mot_de_passe"
        autoComplete="new-password"
        required
        minLength={8}
        value={values.mot_de_passe}
        error={error('mot_de_passe')}
        onChange={(event) => set('mot_de_passe')(event.target.value)}
      />
      {message ? <FormMessage kind={message.kind}>{message.text}</FormMessage> : null}
      <Button type="submit" state={state} successLabel="Compte créé" className="btn--block">
        Créer mon compte
      </Button>
    </form>
  );
}
