import { useSession } from '@bracelet/ui';
import { Link } from 'react-router-dom';
import { WizardLayout } from './WizardLayout';

/** /newconfigurationstep1: create an account or log in. */
export default function Step1Page() {
  const state = useSession();
  return (
    <WizardLayout step={1} title="Créer un compte ou se connecter">
      <p className="muted">Votre compte permet de relier le bracelet au profil de votre enfant et de le modifier à tout moment.</p>
      {state.status === 'signed-in' ? (
        <p className="alert alert--info">
          Vous êtes connecté(e) en tant que {state.session.prenom} {state.session.nom}.{' '}
          <Link to="/newconfigurationstep2">Continuer avec ce compte</Link>
        </p>
      ) : null}
      <div className="form">
        <Link className="btn btn--primary btn--block" to="/newconfigregister">
          Créer un compte
        </Link>
        <Link className="btn btn--secondary btn--block" to="/newconfiglogin">
          Se connecter
        </Link>
      </div>
    </WizardLayout>
  );
}
