import * as endpoints from '@bracelet/contracts/endpoints';
import { Avatar, api, Button, FormMessage, LoadStatus, messageOf, useLoad, useSession, useSubmit } from '@bracelet/ui';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useDelayedAction } from '../../delay';
import { RequireParent } from '../../RequireParent';
import { forgetScannedBracelet, scannedBraceletId, WizardLayout } from './WizardLayout';

function ChooseChild() {
  const session = useSession();
  const navigate = useNavigate();
  const parentId = session.status === 'signed-in' ? session.session.parent_id : '';
  // Read once: it is removed from storage when the association succeeds.
  const [braceletId] = useState(scannedBraceletId);
  const children = useLoad(parentId ? endpoints.childrenOf(parentId) : undefined);
  const [selected, setSelected] = useState('');
  const association = useSubmit();
  useDelayedAction(association.status === 'success', 1500, () => navigate('/newconfigurationstep3'));

  function associate(event: FormEvent) {
    event.preventDefault();
    if (!selected || !braceletId) return;
    const json = { child_id: selected, bracelet_id: braceletId, parent_id: parentId };
    void association.submit((signal) => api(endpoints.associateBracelet(), { json, signal }), {
      // A bracelet another family has linked meanwhile says so.
      failure: (failure) => messageOf(failure, [409], "Erreur pendant l'association du bracelet."),
      onSuccess: forgetScannedBracelet,
    });
  }

  if (!braceletId) {
    return (
      <p className="alert alert--info">
        Scannez d'abord le QR code de votre bracelet avec votre téléphone : la configuration reprendra ici.
      </p>
    );
  }
  if (children.status !== 'loaded') return <LoadStatus load={children} />;

  return (
    <form onSubmit={associate}>
      {children.data.length === 0 ? (
        <p className="alert alert--info">Vous n'avez pas encore de profil d'enfant : créez-en un pour continuer.</p>
      ) : (
        <fieldset style={{ border: 'none', padding: 0 }}>
          <legend className="muted">Choisissez l'enfant qui portera ce bracelet.</legend>
          <ul className="choice-list">
            {children.data.map((child) => (
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
      <FormMessage message={association.message} />
      <div className="form">
        {children.data.length > 0 ? (
          <Button type="submit" state={association.button} successLabel="Bracelet associé" disabled={!selected} className="btn--block">
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
