import * as endpoints from '@bracelet/contracts/endpoints';
import { api, Button, FormMessage, PasswordField, useForm } from '@bracelet/ui';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useDelayedAction } from '../../delay';

/** /reset-password?token=…: new password twice, then /login after 3 s (spec §2.16). */
export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const form = useForm({ password: '', confirmation: '' });
  useDelayedAction(form.status === 'success', 3000, () => navigate('/login'));

  const reset = () => {
    if (form.values.password !== form.values.confirmation) return form.fail('❌ Les mots de passe ne correspondent pas.');
    return form.submit((signal) => api(endpoints.resetPassword(), { json: { token, new_password: form.values.password }, signal }), {
      success: '✅ Votre mot de passe a été réinitialisé avec succès !',
      // A password the server refuses (too short) says why; any other failure is the link's.
      failure: (failure) => failure.fields?.new_password?.[0] ?? '❌ Le lien est invalide ou expiré.',
    });
  };

  return (
    <div className="narrow">
      <h1>Nouveau mot de passe</h1>
      <form className="form" onSubmit={form.onSubmit(reset)}>
        <PasswordField label="Nouveau mot de passe" autoComplete="new-password" required minLength={8} {...form.field('password')} />
        <PasswordField label="Confirmer le mot de passe" autoComplete="new-password" required {...form.field('confirmation')} />
        <FormMessage message={form.message} />
        <Button type="submit" state={form.button} successLabel="Mot de passe réinitialisé" className="btn--block">
          Réinitialiser
        </Button>
      </form>
    </div>
  );
}
