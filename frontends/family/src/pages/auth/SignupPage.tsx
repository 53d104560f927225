import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useDelayedAction } from '../../delay';
import { SignupForm } from '../../forms/SignupForm';

/** /signup and /register: account creation, then /login after 2 s (spec §2.3). */
export default function SignupPage() {
  const navigate = useNavigate();
  const [created, setCreated] = useState(false);
  useDelayedAction(created, 2000, () => navigate('/login'));
  return (
    <div className="narrow">
      <h1>Créer un compte</h1>
      <SignupForm
        messages={{ success: 'Compte créé avec succès !', failure: 'Erreur lors de la création du compte.' }}
        onSuccess={() => setCreated(true)}
      />
      <p className="center">
        Déjà un compte ? <Link to="/login">Se connecter</Link>
      </p>
    </div>
  );
}
