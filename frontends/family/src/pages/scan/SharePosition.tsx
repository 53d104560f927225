import * as endpoints from '@bracelet/contracts/endpoints';
import type { ShareLocationResponse } from '@bracelet/contracts/http';
import { api, FormMessage } from '@bracelet/ui';
import { useState } from 'react';

type Props = { braceletId: string; childFirstName: string; contactPhone: string };
type State =
  | { status: 'idle' }
  | { status: 'locating' }
  | { status: 'sending' }
  | { status: 'sent' }
  /** Kept for the parent's account, but nobody could be told now (the bracelet's alerts are spent). */
  | { status: 'kept'; message: string }
  | { status: 'error'; message: string };

/** 'Partager votre position': the finder's GPS position, sent to the trusted contact (spec §4, §8). */
export function SharePosition({ braceletId, childFirstName, contactPhone }: Props) {
  const [state, setState] = useState<State>({ status: 'idle' });

  function share() {
    if (!navigator.geolocation) {
      setState({ status: 'error', message: "La géolocalisation n'est pas supportée par votre appareil." });
      return;
    }
    setState({ status: 'locating' });
    navigator.geolocation.getCurrentPosition(
      async (position) => {
        setState({ status: 'sending' });
        const result = await api(endpoints.shareLocation(), {
          json: {
            bracelet_id: braceletId,
            child_first_name: childFirstName,
            emergency_contact_phone: contactPhone,
            lat: position.coords.latitude,
            lon: position.coords.longitude,
          },
        });
        if (!result.ok) {
          const message = result.status === 0 ? 'Erreur réseau. Veuillez réessayer.' : 'Échec de l’envoi. Veuillez réessayer.';
          setState({ status: 'error', message });
          return;
        }
        const answer = result.data as Partial<ShareLocationResponse> | undefined;
        setState(answer?.contact_notified === false ? { status: 'kept', message: answer.message ?? '' } : { status: 'sent' });
      },
      () => setState({ status: 'error', message: "Impossible d'obtenir la position. Veuillez autoriser la géolocalisation." }),
      { enableHighAccuracy: true, timeout: 15_000, maximumAge: 60_000 },
    );
  }

  const busy = state.status === 'locating' || state.status === 'sending';
  return (
    <section className="card" aria-labelledby="share-position">
      <h2 id="share-position">Partager votre position</h2>
      <p className="muted">Votre position est envoyée au contact de confiance pour qu'il vous rejoigne.</p>
      <button
        type="button"
        className={`btn btn--block ${state.status === 'sent' ? 'btn--success' : 'btn--secondary'}`}
        onClick={share}
        disabled={busy || state.status === 'sent' || state.status === 'kept'}
      >
        {state.status === 'locating'
          ? 'Localisation…'
          : state.status === 'sending'
            ? 'Chargement...'
            : state.status === 'sent' || state.status === 'kept'
              ? 'Position envoyée'
              : 'Partager votre position'}
      </button>
      {state.status === 'sent' ? <FormMessage kind="success">Position partagée avec le contact de confiance.</FormMessage> : null}
      {state.status === 'kept' || state.status === 'error' ? <FormMessage kind="error">{state.message}</FormMessage> : null}
    </section>
  );
}
