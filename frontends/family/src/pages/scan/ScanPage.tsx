import * as endpoints from '@bracelet/contracts/endpoints';
import { familyAlertedHeader } from '@bracelet/contracts/headers';
import type { ScanCardResponse } from '@bracelet/contracts/http';
import { FormMessage, Loading, type LoadState, useLoad } from '@bracelet/ui';
import { useEffect, useMemo } from 'react';
import { Link, useParams } from 'react-router-dom';
import { remember, storageKeys } from '../../storage';
import { ScanCard } from './ScanCard';

/** While the lookup cannot be made (network, service down, too many tries), it is retried this often. */
const RETRY_MS = 5000;

type Lookup =
  | { status: 'loading' }
  | { status: 'invalid' }
  | { status: 'unavailable' }
  | { status: 'found'; card: ScanCardResponse; familyAlerted: boolean };

/**
 * Only a 404 means the bracelet does not exist; anything else is a failure to find out, and a
 * finder told "invalid" would give up on a child who does have a contact.
 */
function lookupOf(load: LoadState<ScanCardResponse>): Lookup {
  if (load.status === 'loading') return load;
  if (load.status === 'failed') return { status: load.failure.status === 404 ? 'invalid' : 'unavailable' };
  if (!isScanCard(load.data)) return { status: 'unavailable' };
  return { status: 'found', card: load.data, familyAlerted: load.headers.get(familyAlertedHeader) !== '0' };
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
  const load = useLoad(endpoints.braceletCard(id));
  const state = useMemo(() => lookupOf(load), [load]);

  // Each failed try (a new answer) schedules the next one; the page says so meanwhile.
  useEffect(() => {
    if (state.status !== 'unavailable') return;
    const timer = setTimeout(load.reload, RETRY_MS);
    return () => clearTimeout(timer);
  }, [state, load.reload]);

  useEffect(() => {
    if (state.status === 'found' && state.card.bracelet.configured === '0') remember(storageKeys.braceletId, state.card.bracelet.id);
  }, [state]);

  if (state.status === 'loading') return <Loading className="narrow center" label="Chargement du bracelet…" />;

  if (state.status === 'invalid') {
    return (
      <div className="narrow center">
        <h1>Bracelet introuvable</h1>
        <FormMessage kind="error">Ce bracelet est invalide</FormMessage>
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
        <FormMessage kind="error">Impossible d'afficher ce bracelet pour le moment.</FormMessage>
        <p className="muted">Vérifiez votre connexion. Nous réessayons automatiquement toutes les quelques secondes.</p>
        <button type="button" className="btn btn--primary" onClick={load.reload}>
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
