import type { BraceletSummary } from '@bracelet/contracts/http';
import { api, ConfirmDialog, FormMessage } from '@bracelet/ui';
import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { ScanHistory } from './ScanHistory';

export function BraceletsTab({ parentId }: { parentId: string }) {
  const [bracelets, setBracelets] = useState<BraceletSummary[] | 'failed'>();
  const [resetting, setResetting] = useState<BraceletSummary>();
  const [historyOf, setHistoryOf] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ kind: 'success' | 'error'; text: string }>();

  const load = useCallback(() => {
    api<BraceletSummary[]>(`/get_bracelets_by_parent/${parentId}`).then((result) => setBracelets(result.ok ? result.data : 'failed'));
  }, [parentId]);
  useEffect(load, [load]);

  // The reset confirmation stays 2 s (spec §2.6).
  useEffect(() => {
    if (message?.kind !== 'success') return;
    const timer = setTimeout(() => setMessage(undefined), 2000);
    return () => clearTimeout(timer);
  }, [message]);

  async function confirmReset() {
    if (!resetting) return;
    setBusy(true);
    const result = await api(`/reset_bracelet/${resetting.id}`, { method: 'PATCH' });
    setBusy(false);
    setResetting(undefined);
    setMessage(
      result.ok
        ? { kind: 'success', text: 'Bracelet réinitialisé.' }
        : { kind: 'error', text: 'La réinitialisation du bracelet a échoué. Veuillez réessayer.' },
    );
    load();
  }

  if (!bracelets) return <div className="spinner" role="status" />;
  if (bracelets === 'failed') return <FormMessage kind="error">Erreur lors du chargement des données.</FormMessage>;
  return (
    <div>
      {message ? <FormMessage kind={message.kind}>{message.text}</FormMessage> : null}
      {bracelets.length === 0 ? (
        <p className="muted">Aucun bracelet pour l'instant. Scannez le QR code d'un bracelet pour le configurer.</p>
      ) : null}
      <ul className="list">
        {bracelets.map((bracelet) => (
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
        busy={busy}
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
