import type { SessionResponse } from '@bracelet/contracts/http';
import { api, Button, type ButtonState, FormMessage, PasswordField, signedIn, TextField } from '@bracelet/ui';
import { type FormEvent, useState } from 'react';
import toast from 'react-hot-toast';

/** E-mail and password; on success the session is set and `onSuccess` runs. */
export function LoginForm({
  onSuccess,
  successMessage = 'Connexion réussie!',
}: {
  onSuccess: (session: SessionResponse) => void;
  successMessage?: string;
}) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [state, setState] = useState<ButtonState>('idle');
  const [message, setMessage] = useState<{ kind: 'success' | 'error'; text: string }>();

  async function submit(event: FormEvent) {
    event.preventDefault();
    setState('loading');
    setMessage(undefined);
    const result = await api<SessionResponse>('/login/', { method: 'POST', json: { email, mot_de_passe: password } });
    if (!result.ok) {
      setState('idle');
      setMessage({ kind: 'error', text: result.status === 429 && result.message ? result.message : 'Identifiants incorrects.' });
      return;
    }
    setState('success');
    setMessage({ kind: 'success', text: successMessage });
    // Also a toast: the main login leaves the page at once, the toast stays on the next one.
    toast.success(successMessage);
    signedIn(result.data);
    onSuccess(result.data);
  }

  return (
    <form className="form" onSubmit={submit} noValidate={false}>
      <TextField
        label="Adresse mail"
        type="email"
        name="email"
        autoComplete="email"
        required
        value={email}
        onChange={(event) => setEmail(event.target.value)}
      />
      <PasswordField
        label="Mot de passe"
        name="password"
        autoComplete="current-password"
        required
        value={password}
        onChange={(event) => setPassword(event.target.value)}
      />
      {message ? <FormMessage kind={message.kind}>{message.text}</FormMessage> : null}
      <Button type="submit" state={state} successLabel="Connexion réussie" className="btn--block">
        Se connecter
      </Button>
    </form>
  );
}
