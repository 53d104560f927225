import * as endpoints from '@bracelet/contracts/endpoints';
import type { SessionResponse } from '@bracelet/contracts/http';
import { api, Button, EmailField, FormMessage, messageOf, PasswordField, signedIn, useForm } from '@bracelet/ui';
import toast from 'react-hot-toast';

/** E-mail and password; on success the session is set and `onSuccess` runs. */
export function LoginForm({
  onSuccess,
  successMessage = 'Connexion réussie!',
}: {
  onSuccess: (session: SessionResponse) => void;
  successMessage?: string;
}) {
  const form = useForm({ email: '', password: '' });
  const logIn = () =>
    form.submit((signal) => api(endpoints.login(), { json: { email: form.values.email, mot_de_passe: form.values.password }, signal }), {
      success: successMessage,
      // A throttled login says how long to wait; any other failure says only this.
      failure: (failure) => messageOf(failure, [429], 'Identifiants incorrects.'),
      onSuccess: (session) => {
        // Also a toast: the main login leaves the page at once, the toast stays on the next one.
        toast.success(successMessage);
        signedIn(session);
        onSuccess(session);
      },
    });

  return (
    <form className="form" onSubmit={form.onSubmit(logIn)}>
      <EmailField {...form.field('email')} />
      <PasswordField label="Mot de passe" autoComplete="current-password" required {...form.field('password')} />
      <FormMessage message={form.message} />
      <Button type="submit" state={form.button} successLabel="Connexion réussie" className="btn--block">
        Se connecter
      </Button>
    </form>
  );
}
