import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useDelayedAction } from '../../delay';
import { RequireParent } from '../../RequireParent';
import { ChildForm } from './ChildForm';

/** /add-child: on success, /configurationpage4 (which leads to the account) after 2 s. */
export default function AddChildPage() {
  const navigate = useNavigate();
  const [saved, setSaved] = useState(false);
  useDelayedAction(saved, 2000, () => navigate('/configurationpage4'));
  return (
    <RequireParent>
      <div className="narrow">
        <h1>Ajouter un enfant</h1>
        <ChildForm mode="create" successMessage="Profil sauvegardé avec succès !" onSaved={() => setSaved(true)} />
      </div>
    </RequireParent>
  );
}
