import type { SessionResponse } from '@bracelet/contracts/http';
import { api, signedIn } from '@bracelet/ui';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useDelayedAction } from '../../delay';
import { SignupForm, type SignupValues } from '../../forms/SignupForm';
import { InternationalPhoneInput } from '../../phone/InternationalPhoneInput';
import { WizardLayout } from './WizardLayout';

/** /newconfigregister: registers, logs in automatically, then /newconfigurationstep2 after 2 s. */
export default function WizardRegisterPage() {
  const navigate = useNavigate();
  const [done, setDone] = useState(false);
  useDelayedAction(done, 2000, () => navigate('/newconfigurationstep2'));

  async function logIn(values: SignupValues) {
    const result = await api<SessionResponse>('/login/', {
      method: 'POST',
      json: { email: values.email, mot_de_passe: values.mot_de_passe },
    });
    if (result.ok) signedIn(result.data);
    setDone(true);
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
