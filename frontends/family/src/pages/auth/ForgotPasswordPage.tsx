import { api, Button, type ButtonState, FormMessage, TextField } from '@bracelet/ui';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router-dom';

/** /forgot-password (spec §2.16). The answer never says whether the address has an account. */
export default function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const [state, setState] = useState<ButtonState>('idle');
  const [message, setMessage] = useState<{ kind: 'success' | 'error'; text: string }>();

  async function submit(event: FormEvent) {
    event.preventDefault();
    setState('loading');
    const result = await api('/request_password_reset', { method: 'POST', json: { email } });
    if (result.ok) {
      setState('success');
      setMessage({ kind: 'success', text: '✅ Un e-mail de réinitialisation vient de vous être envoyé.' });
    } else {
      setState('idle');
      setMessage({ kind: 'error', text: result.status === 429 && result.message ? result.message : 'Une erreur est survenue.' });
    }
  }

  return (
    <div className="narrow">
      <h1>Mot de passe oublié ?</h1>
      <p className="muted">Indiquez l'adresse de votre compte : nous vous envoyons un lien pour choisir un nouveau mot de passe.</p>
      <form className="form" onSubmit={submit}>
        <TextField
          label="Adresse mail"
          type="email"
          name="email"
          autoComplete="email"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        {message ? <FormMessage kind={message.kind}>{message.text}</FormMessage> : null}
        <Button type="submit" state={state} successLabel="E-mail envoyé" className="btn--block">
          Envoyer
        </Button>
      </form>
      <p className="center">
        <Link className="btn btn--secondary" to="/login">
          Retour à la connexion
        </Link>
      </p>
    </div>
  );
}
