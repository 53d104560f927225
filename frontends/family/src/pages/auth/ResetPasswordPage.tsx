import { api, Button, type ButtonState, FormMessage, PasswordField } from '@bracelet/ui';
import { type FormEvent, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useDelayedAction } from '../../delay';

/** /reset-password?token=…: new password twice, then /login after 3 s (spec §2.16). */
export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [state, setState] = useState<ButtonState>('idle');
  const [message, setMessage] = useState<{ kind: 'success' | 'error'; text: string }>();
  useDelayedAction(state === 'success', 3000, () => navigate('/login'));

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (password !== confirmation) {
      setMessage({ kind: 'error', text: '❌ Les mots de passe ne correspondent pas.' });
      return;
    }
    setState('loading');
    setMessage(undefined);
    const result = await api('/reset_password/', { method: 'POST', json: { token, new_password: password } });
    if (result.ok) {
      setState('success');
      setMessage({ kind: 'success', text: '✅ Votre mot de passe a été réinitialisé avec succès !' });
      return;
    }
    setState('idle');
    const tooShort = result.fields?.new_password?.[0];
    setMessage({ kind: 'error', text: tooShort ?? '❌ Le lien est invalide ou expiré.' });
  }

  return (
    <div className="narrow">
      <h1>Nouveau mot de passe</h1>
      <form className="form" onSubmit={submit}>
        <PasswordField
          label="Nouveau mot de passe"
          autoComplete="new-password"
          required
          minLength={8}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <PasswordField
          label="Confirmer le mot de passe"
          autoComplete="new-password"
          required
          value={confirmation}
          onChange={(event) => setConfirmation(event.target.value)}
        />
        {message ? <FormMessage kind={message.kind}>{message.text}</FormMessage> : null}
        <Button type="submit" state={state} successLabel="Mot de passe réinitialisé" className="btn--block">
          Réinitialiser
        </Button>
      </form>
    </div>
  );
}
