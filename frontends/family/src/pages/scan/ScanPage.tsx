import { familyAlertedHeader } from '@bracelet/contracts/headers';
import type { ScanCardResponse } from '@bracelet/contracts/http';
import { useCallback, useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { remember, storageKeys } from '../../storage';
import { ScanCard } from './ScanCard';

type LookupState =
  | { status: 'loading' }
  | { status: 'invalid' }
  | { status: 'unavailable' }
  | { status: 'found'; card: ScanCardResponse; familyAlerted: boolean };

/** While the lookup cannot be made (network, service down, too many tries), it is retried this often. */
const RETRY_MS = 5000;

/** A lookup with no answer by then counts as failed (and is retried): a stalled request must not spin forever. */
const LOOKUP_TIMEOUT_MS = 10_000;

async function lookUpBracelet(id: string, signal: AbortSignal): Promise<LookupState> {
  // Aborted by the page (unmount) or by the timeout; AbortSignal.any is too recent for older phones.
  const attempt = new AbortController();
  const abort = () => attempt.abort();
  signal.addEventListener('abort', abort);
  const timer = setTimeout(abort, LOOKUP_TIMEOUT_MS);
  let response: Response;
  try {
    response = await fetch(`/get_child_by_bracelet/${encodeURIComponent(id)}`, {
      signal: attempt.signal,
      headers: { accept: 'application/json' },
    });
  } catch (error) {
    if (signal.aborted) throw error;
    return { status: 'unavailable' };
  } finally {
    clearTimeout(timer);
    signal.removeEventListener('abort', abort);
  }
  // Only a 404 means the bracelet does not exist; anything else is a failure to find out, and a
  // finder told "invalid" would give up on a child who does have a contact.
  if (response.status === 404) return { status: 'invalid' };
  if (!response.ok) return { status: 'unavailable' };
  const card = (await response.json().catch(() => undefined)) as unknown;
  if (!isScanCard(card)) return { status: 'unavailable' };
  return { status: 'found', card, familyAlerted: response.headers.get(familyAlertedHeader) !== '0' };
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
  // Another bracelet starts afresh (loading), never showing the previous one's answer.
  return <BraceletLookup key={id} id={id} />;
}

function BraceletLookup({ id }: { id: string }) {
  const [state, setState] = useState<LookupState>({ status: 'loading' });
  const lookUp = useCallback((signal: AbortSignal) => lookUpBracelet(id, signal).then(setState, () => undefined), [id]);

  useEffect(() => {
    const controller = new AbortController();
    void lookUp(controller.signal);
    return () => controller.abort();
  }, [lookUp]);

  // Each failed try (a new 'unavailable' state) schedules the next one.
  useEffect(() => {
    if (state.status !== 'unavailable') return;
    const controller = new AbortController();
    const timer = setTimeout(() => void lookUp(controller.signal), RETRY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [state, lookUp]);

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

  if (state.status === 'unavailable') {
    return (
      <div className="narrow center">
        <h1>Connexion impossible</h1>
        <p className="alert alert--error" role="alert">
          Impossible d'afficher ce bracelet pour le moment.
        </p>
        <p className="muted">Vérifiez votre connexion. Nous réessayons automatiquement toutes les quelques secondes.</p>
        <button type="button" className="btn btn--primary" onClick={() => void lookUp(new AbortController().signal)}>
          Réessayer
        </button>
      </div>
    );
  }

  const { card, familyAlerted } = state;
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

  return <ScanCard braceletId={card.bracelet.id} child={card.child} contact={card.emergency_contact} familyAlerted={familyAlerted} />;
}
