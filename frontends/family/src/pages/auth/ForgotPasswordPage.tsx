import * as endpoints from '@bracelet/contracts/endpoints';
import { api, Button, EmailField, FormMessage, messageOf, useForm } from '@bracelet/ui';
import { Link } from 'react-router-dom';

/** /forgot-password (spec §2.16). The answer never says whether the address has an account. */
export default function ForgotPasswordPage() {
  const form = useForm({ email: '' });
  const send = () =>
    form.submit((signal) => api(endpoints.requestPasswordReset(), { json: form.values, signal }), {
      success: '✅ Un e-mail de réinitialisation vient de vous être envoyé.',
      failure: (failure) => messageOf(failure, [429], 'Une erreur est survenue.'),
    });

  return (
    <div className="narrow">
      <h1>Mot de passe oublié ?</h1>
      <p className="muted">Indiquez l'adresse de votre compte : nous vous envoyons un lien pour choisir un nouveau mot de passe.</p>
      <form className="form" onSubmit={form.onSubmit(send)}>
        <EmailField {...form.field('email')} />
        <FormMessage message={form.message} />
        <Button type="submit" state={form.button} successLabel="E-mail envoyé" className="btn--block">
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
