import * as endpoints from '@bracelet/contracts/endpoints';
import { familyAlertedHeader } from '@bracelet/contracts/headers';
import type { ScanCardResponse } from '@bracelet/contracts/http';
import { ConfigurationProblem, FinderCard, InvalidBracelet, LookupUnavailable, WelcomeBracelet } from '@bracelet/finder-card';
import { Loading, type LoadState, useLoad } from '@bracelet/ui';
import { useEffect, useMemo } from 'react';
import { Link, useParams } from 'react-router-dom';
import { remember, storageKeys } from '../../storage';
import { CardPhoto } from './CardPhoto';
import { SharePosition } from './SharePosition';

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

/**
 * The public page a finder opens by scanning a bracelet (spec §2.2), when reached inside the app
 * or from a browser that does not say it is navigating: a direct visit gets the same states from
 * the gateway's first response (ADR 018). The loading screen exists on this path only.
 */
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

  if (state.status === 'invalid') return <InvalidBracelet Link={Link} />;

  if (state.status === 'unavailable') {
    const retry = (
      <button type="button" className="btn btn--primary" onClick={load.reload}>
        Réessayer
      </button>
    );
    return <LookupUnavailable retry={retry} />;
  }

  const { card, familyAlerted } = state;
  if (card.bracelet.configured === '0') return <WelcomeBracelet Link={Link} />;

  const { child, emergency_contact: contact } = card;
  if (!child || !contact) return <ConfigurationProblem />;

  return (
    <FinderCard
      child={child}
      contact={contact}
      familyAlerted={familyAlerted}
      photo={<CardPhoto photo={child.photo} name={child.first_name} />}
      share={<SharePosition target={{ braceletId: card.bracelet.id, childFirstName: child.first_name, contactPhone: contact.phone }} />}
    />
  );
}
