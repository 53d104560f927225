import type { ChildSummary } from '@bracelet/contracts/http';
import { Avatar, api, ConfirmDialog, FormMessage } from '@bracelet/ui';
import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { FinderPrivacy } from './FinderPrivacy';

export function ChildrenTab({ parentId }: { parentId: string }) {
  const [children, setChildren] = useState<ChildSummary[] | 'failed'>();
  const [deleting, setDeleting] = useState<ChildSummary>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();

  const load = useCallback(() => {
    api<ChildSummary[]>(`/get_children_by_parent/${parentId}`).then((result) => setChildren(result.ok ? result.data : 'failed'));
  }, [parentId]);
  useEffect(load, [load]);

  async function confirmDelete() {
    if (!deleting) return;
    setBusy(true);
    const result = await api(`/delete_child/${deleting.id}`, { method: 'DELETE' });
    setBusy(false);
    setDeleting(undefined);
    if (!result.ok) setError('La suppression du profil a échoué. Veuillez réessayer.');
    load();
  }

  if (!children) return <div className="spinner" role="status" />;
  if (children === 'failed') return <FormMessage kind="error">Erreur lors du chargement des données.</FormMessage>;
  return (
    <div>
      {error ? <FormMessage kind="error">{error}</FormMessage> : null}
      {children.length === 0 ? <p className="muted">Aucun profil d'enfant pour l'instant.</p> : null}
      <ul className="list">
        {children.map((child) => (
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
        busy={busy}
        onCancel={() => setDeleting(undefined)}
        onConfirm={confirmDelete}
      >
        <p>Le profil de {deleting?.first_name} sera supprimé. Un bracelet qui lui était associé n'affichera plus ses informations.</p>
      </ConfirmDialog>
    </div>
  );
}
