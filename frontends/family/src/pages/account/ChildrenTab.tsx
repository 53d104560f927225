import * as endpoints from '@bracelet/contracts/endpoints';
import type { ChildSummary } from '@bracelet/contracts/http';
import { Avatar, api, ConfirmDialog, FormMessage, LoadStatus, useLoad, useSubmit } from '@bracelet/ui';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { FinderPrivacy } from './FinderPrivacy';

export function ChildrenTab({ parentId }: { parentId: string }) {
  const children = useLoad(endpoints.childrenOf(parentId));
  const [deleting, setDeleting] = useState<ChildSummary>();
  const removal = useSubmit({ repeatable: true });

  async function confirmDelete() {
    if (!deleting) return;
    await removal.submit((signal) => api(endpoints.deleteChild(deleting.id), { signal }), {
      failure: 'La suppression du profil a échoué. Veuillez réessayer.',
    });
    setDeleting(undefined);
    children.reload();
  }

  if (children.status !== 'loaded') return <LoadStatus load={children} />;
  return (
    <div>
      <FormMessage message={removal.message} />
      {children.data.length === 0 ? <p className="muted">Aucun profil d'enfant pour l'instant.</p> : null}
      <ul className="list">
        {children.data.map((child) => (
          <li key={child.id} className="list-item">
            <Avatar photo={child.photo} name={child.first_name} />
            <span className="list-item__main">
              <strong>
                {child.first_name} {child.surname}
              </strong>
              <br />
              <span className="muted">Né(e) le {new Date(`${child.birth_date}T12:00:00`).toLocaleDateString('fr-FR')}</span>
            </span>
            <FinderPrivacy child={child} />
            <span className="actions">
              <Link className="btn btn--secondary" to={`/edit-child-profile/${child.id}`}>
                Modifier
              </Link>
              <button type="button" className="btn btn--secondary" onClick={() => setDeleting(child)}>
                Supprimer
              </button>
            </span>
          </li>
        ))}
      </ul>
      <p>
        <Link className="btn btn--primary" to="/add-child">
          Ajouter un enfant
        </Link>
      </p>
      <ConfirmDialog
        open={Boolean(deleting)}
        title="Supprimer ce profil ?"
        confirmLabel="Supprimer"
        busy={removal.status === 'loading'}
        onCancel={() => setDeleting(undefined)}
        onConfirm={confirmDelete}
      >
        <p>Le profil de {deleting?.first_name} sera supprimé. Un bracelet qui lui était associé n'affichera plus ses informations.</p>
      </ConfirmDialog>
    </div>
  );
}
