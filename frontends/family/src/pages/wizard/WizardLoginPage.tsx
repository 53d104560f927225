import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useDelayedAction } from '../../delay';
import { LoginForm } from '../../forms/LoginForm';
import { WizardLayout } from './WizardLayout';

/** /newconfiglogin: on success, /newconfigurationstep2 after 1.5 s. */
export default function WizardLoginPage() {
  const navigate = useNavigate();
  const [done, setDone] = useState(false);
  useDelayedAction(done, 1500, () => navigate('/newconfigurationstep2'));
  return (
    <WizardLayout step={1} title="Se connecter">
      <LoginForm onSuccess={() => setDone(true)} />
      <div className="link-row" style={{ marginTop: '1rem' }}>
        <Link to="/newconfigregister">Créer un compte</Link>
        <Link to="/forgot-password">Mot de passe oublié ?</Link>
      </div>
    </WizardLayout>
  );
}
