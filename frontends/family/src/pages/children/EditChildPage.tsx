import type { ChildDetail } from '@bracelet/contracts/http';
import { api } from '@bracelet/ui';
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { useDelayedAction } from '../../delay';
import { RequireParent } from '../../RequireParent';
import { ChildForm } from './ChildForm';

function EditChild() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const [child, setChild] = useState<ChildDetail | 'failed'>();
  const [saved, setSaved] = useState(false);
  useDelayedAction(saved, 2000, () => navigate('/account'));

  useEffect(() => {
    api<ChildDetail>(`/get_child_basic/${encodeURIComponent(id)}`).then((result) => setChild(result.ok ? result.data : 'failed'));
  }, [id]);

  if (!child) {
    return (
      <div className="center" role="status">
        <div className="spinner" />
        <span className="muted">Chargement…</span>
      </div>
    );
  }
  if (child === 'failed')
    return (
      <p className="alert alert--error" role="alert">
        Impossible de charger les informations de l'enfant.
      </p>
    );
  return <ChildForm mode="edit" child={child} successMessage="Profil sauvegardé avec succès !" onSaved={() => setSaved(true)} />;
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
