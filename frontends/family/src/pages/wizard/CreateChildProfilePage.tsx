import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useDelayedAction } from '../../delay';
import { originOf, RequireParent } from '../../RequireParent';
import { ChildForm } from '../children/ChildForm';
import { WizardLayout } from './WizardLayout';

/** /create-child-profile: step 2 of the wizard; back to the origin (step 2) 2 s after saving. */
export default function CreateChildProfilePage() {
  const navigate = useNavigate();
  const location = useLocation();
  const [saved, setSaved] = useState(false);
  useDelayedAction(saved, 2000, () => navigate(originOf(location.state, '/newconfigurationstep2')));
  return (
    <RequireParent>
      <WizardLayout step={2} title="Création d'un profil d'enfant">
        <ChildForm mode="create" successMessage="✅ Profil ajouté avec succès !" onSaved={() => setSaved(true)} />
      </WizardLayout>
    </RequireParent>
  );
}
