import type { ChildSummary } from '@bracelet/contracts/http';
import { Avatar, api, Button, type ButtonState, FormMessage, useSession } from '@bracelet/ui';
import { type FormEvent, useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useDelayedAction } from '../../delay';
import { RequireParent } from '../../RequireParent';
import { scannedBraceletId, WizardLayout } from './WizardLayout';

function ChooseChild() {
  const session = useSession();
  const navigate = useNavigate();
  const parentId = session.status === 'signed-in' ? session.session.parent_id : '';
  // Read once: it is removed from storage when the association succeeds.
  const [braceletId] = useState(scannedBraceletId);
  const [children, setChildren] = useState<ChildSummary[] | 'failed'>();
  const [selected, setSelected] = useState('');
  const [state, setState] = useState<ButtonState>('idle');
  const [error, setError] = useState<string>();
  useDelayedAction(state === 'success', 1500, () => navigate('/newconfigurationstep3'));

  useEffect(() => {
    if (!parentId) return;
    api<ChildSummary[]>(`/get_children_by_parent/${parentId}`).then((result) => setChildren(result.ok ? result.data : 'failed'));
  }, [parentId]);

  async function associate(event: FormEvent) {
    event.preventDefault();
    if (!selected || !braceletId) return;
    setState('loading');
    setError(undefined);
    const result = await api('/associate_child_to_bracelet/', {
      method: 'POST',
      json: { child_id: selected, bracelet_id: braceletId, parent_id: parentId },
    });
    if (!result.ok) {
      setState('idle');
      setError(result.status === 409 && result.message ? result.message : "Erreur pendant l'association du bracelet.");
      return;
    }
    try {
      localStorage.removeItem('braceletId');
    } catch {
      // nothing to clean
    }
    setState('success');
  }

  if (!braceletId) {
    return (
      <p className="alert alert--info">
        Scannez d'abord le QR code de votre bracelet avec votre téléphone : la configuration reprendra ici.
      </p>
    );
  }
  if (!children) {
    return (
      <div className="center" role="status">
        <div className="spinner" />
      </div>
    );
  }
  if (children === 'failed') return <FormMessage kind="error">Erreur lors du chargement des données.</FormMessage>;

  return (
    <form onSubmit={associate}>
      {children.length === 0 ? (
        <p className="alert alert--info">Vous n'avez pas encore de profil d'enfant : créez-en un pour continuer.</p>
      ) : (
        <fieldset style={{ border: 'none', padding: 0 }}>
          <legend className="muted">Choisissez l'enfant qui portera ce bracelet.</legend>
          <ul className="choice-list">
            {children.map((child) => (
              <li key={child.id}>
                <label className="choice">
                  <input
                    type="radio"
                    name="child"
                    value={child.id}
                    checked={selected === child.id}
                    onChange={() => setSelected(child.id)}
                  />
                  <Avatar photo={child.photo} name={child.first_name} />
                  <span>
                    {child.first_name} {child.surname}
                  </span>
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      )}
      {error ? <FormMessage kind="error">{error}</FormMessage> : null}
      <div className="form">
        {children.length > 0 ? (
          <Button type="submit" state={state} successLabel="Bracelet associé" disabled={!selected} className="btn--block">
            Associer au bracelet
          </Button>
        ) : null}
        <Link className="btn btn--secondary btn--block" to="/create-child-profile" state={{ from: { pathname: '/newconfigurationstep2' } }}>
          Créer un nouveau profil
        </Link>
      </div>
    </form>
  );
}

/** /newconfigurationstep2 'Qui va porter ce bracelet ?' */
export default function Step2Page() {
  return (
    <RequireParent>
      <WizardLayout step={2} title="Qui va porter ce bracelet ?">
        <ChooseChild />
      </WizardLayout>
    </RequireParent>
  );
}
