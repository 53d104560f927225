import * as endpoints from '@bracelet/contracts/endpoints';
import { api, signedIn } from '@bracelet/ui';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useDelayedAction } from '../../delay';
import { SignupForm, type SignupValues } from '../../forms/SignupForm';
import { InternationalPhoneInput } from '../../phone/InternationalPhoneInput';
import { WizardLayout } from './WizardLayout';

/**
 * /newconfigregister: registers, logs in automatically, then /newconfigurationstep2 after 2 s.
 * Signup answers alike for a taken address (it tells nobody who has an account): if the automatic
 * login then fails, the address had an account with another password, and the wizard's login
 * page is the way on.
 */
export default function WizardRegisterPage() {
  const navigate = useNavigate();
  const [done, setDone] = useState<'logged-in' | 'needs-login'>();
  useDelayedAction(done !== undefined, 2000, () => navigate(done === 'logged-in' ? '/newconfigurationstep2' : '/newconfiglogin'));

  async function logIn(values: SignupValues) {
    const result = await api(endpoints.login(), { json: { email: values.email, mot_de_passe: values.mot_de_passe } });
    if (result.ok) signedIn(result.data);
    setDone(result.ok ? 'logged-in' : 'needs-login');
  }

  return (
    <WizardLayout step={1} title="Créer un compte">
      <SignupForm
        messages={{ success: '✅ Compte créé avec succès !', failure: '❌ Erreur lors de la création du compte.' }}
        phoneInput={(value, onChange, error) => <InternationalPhoneInput value={value} onChange={onChange} error={error} />}
        onSuccess={logIn}
      />
      <p className="center">
        Déjà un compte ? <Link to="/newconfiglogin">Se connecter</Link>
      </p>
    </WizardLayout>
  );
}
