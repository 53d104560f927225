import * as endpoints from '@bracelet/contracts/endpoints';
import type { BraceletSummary } from '@bracelet/contracts/http';
import { api, ConfirmDialog, FormMessage, LoadStatus, useLoad, useSubmit } from '@bracelet/ui';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useDelayedAction } from '../../delay';
import { ScanHistory } from './ScanHistory';

export function BraceletsTab({ parentId }: { parentId: string }) {
  const bracelets = useLoad(endpoints.braceletsOf(parentId));
  const [resetting, setResetting] = useState<BraceletSummary>();
  const [historyOf, setHistoryOf] = useState<string>();
  const reset = useSubmit({ repeatable: true });
  // The reset confirmation stays 2 s (spec §2.6).
  useDelayedAction(reset.status === 'success', 2000, reset.clear);

  async function confirmReset() {
    if (!resetting) return;
    await reset.submit((signal) => api(endpoints.resetBracelet(resetting.id), { signal }), {
      success: 'Bracelet réinitialisé.',
      failure: 'La réinitialisation du bracelet a échoué. Veuillez réessayer.',
    });
    setResetting(undefined);
    bracelets.reload();
  }

  if (bracelets.status !== 'loaded') return <LoadStatus load={bracelets} />;
  return (
    <div>
      <FormMessage message={reset.message} />
      {bracelets.data.length === 0 ? (
        <p className="muted">Aucun bracelet pour l'instant. Scannez le QR code d'un bracelet pour le configurer.</p>
      ) : null}
      <ul className="list">
        {bracelets.data.map((bracelet) => (
          <li key={bracelet.id} className="list-item" data-bracelet={bracelet.id}>
            <span className="list-item__main">
              <strong>Bracelet {bracelet.id}</strong>
              <br />
              {bracelet.configured === '1' ? (
                <span className="badge badge--ok">Configuré</span>
              ) : (
                <span className="badge">Non configuré</span>
              )}{' '}
              {bracelet.child ? (
                <span>
                  porté par {bracelet.child.first_name} {bracelet.child.surname}
                </span>
              ) : bracelet.configured === '1' ? (
                <span className="muted">aucun enfant associé</span>
              ) : null}
            </span>
            <span className="actions">
              {bracelet.configured === '1' ? (
                <>
                  {bracelet.child ? (
                    <Link className="btn btn--secondary" to={`/edit-child-profile/${bracelet.child.id}`}>
                      Modifier
                    </Link>
                  ) : null}
                  <button type="button" className="btn btn--secondary" onClick={() => setResetting(bracelet)}>
                    Réinitialiser
                  </button>
                  <button
                    type="button"
                    className="btn btn--secondary"
                    aria-expanded={historyOf === bracelet.id}
                    onClick={() => setHistoryOf((current) => (current === bracelet.id ? undefined : bracelet.id))}
                  >
                    Historique des scans
                  </button>
                </>
              ) : bracelet.id ? (
                <Link className="btn btn--primary" to={`/b/${bracelet.id}`}>
                  Configurer
                </Link>
              ) : (
                <span className="field__error">Ce bracelet n'a pas d'identifiant défini.</span>
              )}
            </span>
            {historyOf === bracelet.id ? (
              <div style={{ flexBasis: '100%' }}>
                <ScanHistory braceletId={bracelet.id} />
              </div>
            ) : null}
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={Boolean(resetting)}
        title="Réinitialiser ce bracelet ?"
        confirmLabel="Réinitialiser"
        busy={reset.status === 'loading'}
        onCancel={() => setResetting(undefined)}
        onConfirm={confirmReset}
      >
        <p>
          Le bracelet ne sera plus relié à un enfant : une personne qui le scanne ne verra plus aucune information. Vous pourrez le
          configurer à nouveau.
        </p>
      </ConfirmDialog>
    </div>
  );
}
