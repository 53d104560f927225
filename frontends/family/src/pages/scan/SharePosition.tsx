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
        try {
          const response = await fetch('/share_location', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({
              bracelet_id: braceletId,
              child_first_name: childFirstName,
              emergency_contact_phone: contactPhone,
              lat: position.coords.latitude,
              lon: position.coords.longitude,
            }),
          });
          if (!response.ok) {
            setState({ status: 'error', message: 'Échec de l’envoi. Veuillez réessayer.' });
            return;
          }
          const answer = (await response.json().catch(() => ({}))) as { message?: string; contact_notified?: boolean };
          setState(answer.contact_notified === false ? { status: 'kept', message: answer.message ?? '' } : { status: 'sent' });
        } catch {
          setState({ status: 'error', message: 'Erreur réseau. Veuillez réessayer.' });
        }
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
      {state.status === 'sent' ? (
        <p className="alert alert--success" role="status">
          Position partagée avec le contact de confiance.
        </p>
      ) : null}
      {state.status === 'kept' ? (
        <p className="alert alert--error" role="alert">
          {state.message}
        </p>
      ) : null}
      {state.status === 'error' ? (
        <p className="alert alert--error" role="alert">
          {state.message}
        </p>
      ) : null}
    </section>
  );
}
