import * as endpoints from '@bracelet/contracts/endpoints';
import { LoadStatus, useLoad } from '@bracelet/ui';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { useDelayedAction } from '../../delay';
import { RequireParent } from '../../RequireParent';
import { ChildForm } from './ChildForm';

function EditChild() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const child = useLoad(endpoints.child(id));
  const [saved, setSaved] = useState(false);
  useDelayedAction(saved, 2000, () => navigate('/account'));
  if (child.status !== 'loaded') return <LoadStatus load={child} failure="Impossible de charger les informations de l'enfant." />;
  return <ChildForm mode="edit" child={child.data} successMessage="Profil sauvegardé avec succès !" onSaved={() => setSaved(true)} />;
}

/** /edit-child-profile/{id}: back to /account 2 s after saving. */
export default function EditChildPage() {
  return (
    <RequireParent>
      <div className="narrow">
        <h1>Modifier le profil</h1>
        <EditChild />
      </div>
    </RequireParent>
  );
}
