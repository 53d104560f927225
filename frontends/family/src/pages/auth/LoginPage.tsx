import { Link, useLocation, useNavigate } from 'react-router-dom';
import { LoginForm } from '../../forms/LoginForm';
import { originOf } from '../../RequireParent';

/** /login: goes straight back to where the user came from, else /account (spec §2.4). */
export default function LoginPage() {
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <div className="narrow">
      <h1>Se connecter</h1>
      <LoginForm
        onSuccess={(session) =>
          navigate(originOf(location.state, session.role === 'staff' ? '/backoffice' : '/account'), { replace: true })
        }
      />
      <div className="link-row" style={{ marginTop: '1rem' }}>
        <Link to="/signup">Créer un compte</Link>
        <Link to="/forgot-password">Mot de passe oublié ?</Link>
      </div>
    </div>
  );
}
