import type { ScanCardResponse } from '@bracelet/contracts/http';
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { remember, storageKeys } from '../../storage';
import { ScanCard } from './ScanCard';

type LookupState = { status: 'loading' } | { status: 'invalid' } | { status: 'found'; card: ScanCardResponse };

async function lookUpBracelet(id: string, signal: AbortSignal): Promise<LookupState> {
  try {
    const response = await fetch(`/get_child_by_bracelet/${encodeURIComponent(id)}`, { signal, headers: { accept: 'application/json' } });
    if (!response.ok) return { status: 'invalid' };
    const card = (await response.json()) as ScanCardResponse;
    return isScanCard(card) ? { status: 'found', card } : { status: 'invalid' };
  } catch (error) {
    if (signal.aborted) throw error;
    return { status: 'invalid' };
  }
}

/**
 * Enough of a shape check to render safely. The finder's page stays light: no validation library
 * on it (the server validates its own answer against the contract before sending it).
 */
function isScanCard(value: unknown): value is ScanCardResponse {
  const card = value as Partial<ScanCardResponse> | null;
  return Boolean(card && typeof card.bracelet?.id === 'string' && (card.bracelet.configured === '0' || card.bracelet.configured === '1'));
}

/** The public page a finder opens by scanning a bracelet (spec §2.2). */
export default function ScanPage() {
  const { id = '' } = useParams();
  const [state, setState] = useState<LookupState>({ status: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    lookUpBracelet(id, controller.signal).then(setState, () => undefined);
    return () => controller.abort();
  }, [id]);

  useEffect(() => {
    if (state.status === 'found' && state.card.bracelet.configured === '0') remember(storageKeys.braceletId, state.card.bracelet.id);
  }, [state]);

  if (state.status === 'loading') {
    return (
      <div className="narrow center" role="status" aria-live="polite">
        <div className="spinner" />
        <p className="muted">Chargement du bracelet…</p>
      </div>
    );
  }

  if (state.status === 'invalid') {
    return (
      <div className="narrow center">
        <h1>Bracelet introuvable</h1>
        <p className="alert alert--error" role="alert">
          Ce bracelet est invalide
        </p>
        <p className="muted">
          Vérifiez l'adresse affichée sous le QR code. Si le problème persiste, écrivez-nous à{' '}
          <a href="mailto:contact@bracelet-qr.fr">contact@bracelet-qr.fr</a>.
        </p>
        <Link className="btn btn--primary" to="/">
          Retour à l'accueil
        </Link>
      </div>
    );
  }

  const { card } = state;
  if (card.bracelet.configured === '0') {
    return (
      <div className="narrow center">
        <h1>Bienvenue !</h1>
        <p>Ce bracelet n'a pas encore été configuré</p>
        <p className="muted">La configuration ne prend que 2 à 3 minutes : créez votre compte, le profil de votre enfant, et c'est prêt.</p>
        <Link className="btn btn--primary" to="/newconfigurationstep1">
          Configurer mon bracelet
        </Link>
      </div>
    );
  }

  if (!card.child || !card.emergency_contact) {
    return (
      <div className="narrow center">
        <h1>Problème de configuration</h1>
        <p className="muted">
          Ce bracelet est activé mais aucun profil d'enfant n'y est relié. Écrivez-nous à{' '}
          <a href="mailto:contact@bracelet-qr.fr">contact@bracelet-qr.fr</a>.
        </p>
      </div>
    );
  }

  return <ScanCard braceletId={card.bracelet.id} child={card.child} contact={card.emergency_contact} />;
}
