import { useSession } from '@bracelet/ui';
import { useSearchParams } from 'react-router-dom';
import { RequireParent } from '../../RequireParent';
import { BraceletsTab } from './BraceletsTab';
import { ChildrenTab } from './ChildrenTab';
import { InfosTab } from './InfosTab';
import { OrdersTab } from './OrdersTab';

const tabs = [
  { id: 'infos', label: 'Mes informations' },
  { id: 'enfants', label: "Mes profils d'enfant" },
  { id: 'bracelets', label: 'Mes bracelets' },
  { id: 'commandes', label: 'Mes commandes' },
] as const;
type TabId = (typeof tabs)[number]['id'];

function Account() {
  const session = useSession();
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const current: TabId = tabs.some((tab) => tab.id === requested) ? (requested as TabId) : 'infos';
  const choose = (tab: TabId) => setParams({ tab }, { replace: true });
  if (session.status !== 'signed-in') return null;
  const parentId = session.session.parent_id;

  return (
    <div className="container">
      <h1>Mon compte</h1>
      <div className="tabs" role="tablist" aria-label="Rubriques du compte">
        {tabs.map((tab) => (
          <button
            key={tab.id}
            type="button"
            role="tab"
            id={`tab-${tab.id}`}
            aria-selected={current === tab.id}
            aria-controls="account-panel"
            onClick={() => choose(tab.id)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div className="field tabs-select">
        <label htmlFor="account-section">Rubrique</label>
        <select id="account-section" value={current} onChange={(event) => choose(event.target.value as TabId)}>
          {tabs.map((tab) => (
            <option key={tab.id} value={tab.id}>
              {tab.label}
            </option>
          ))}
        </select>
      </div>
      <section id="account-panel" role="tabpanel" aria-labelledby={`tab-${current}`}>
        {current === 'infos' ? <InfosTab parentId={parentId} /> : null}
        {current === 'enfants' ? <ChildrenTab parentId={parentId} /> : null}
        {current === 'bracelets' ? <BraceletsTab parentId={parentId} /> : null}
        {current === 'commandes' ? <OrdersTab parentId={parentId} /> : null}
      </section>
    </div>
  );
}

/** /account (spec §2.6): four tabs, a dropdown under 768 px. */
export default function AccountPage() {
  return (
    <RequireParent>
      <Account />
    </RequireParent>
  );
}
