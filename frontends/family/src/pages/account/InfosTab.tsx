import type { ParentResponse } from '@bracelet/contracts/http';
import { api, Button, type ButtonState, FormMessage, restoreSession, TextField } from '@bracelet/ui';
import { type FormEvent, useEffect, useState } from 'react';

type Message = { kind: 'success' | 'error'; text: string } | undefined;

export function InfosTab({ parentId }: { parentId: string }) {
  const [parent, setParent] = useState<ParentResponse | 'failed'>();
  const [infos, setInfos] = useState({ first_name: '', last_name: '', phone: '' });
  const [delivery, setDelivery] = useState({ address: '', city: '', postal_code: '', country: 'France' });
  const [infosState, setInfosState] = useState<ButtonState>('idle');
  const [deliveryState, setDeliveryState] = useState<ButtonState>('idle');
  const [infosMessage, setInfosMessage] = useState<Message>();
  const [deliveryMessage, setDeliveryMessage] = useState<Message>();

  useEffect(() => {
    api<ParentResponse>(`/get-parent-by-id?parent_id=${encodeURIComponent(parentId)}`).then((result) => {
      if (!result.ok) return setParent('failed');
      setParent(result.data);
      setInfos({ first_name: result.data.first_name, last_name: result.data.last_name, phone: result.data.phone ?? '' });
      setDelivery({
        address: result.data.address ?? '',
        city: result.data.city ?? '',
        postal_code: result.data.postal_code ?? '',
        country: result.data.country ?? 'France',
      });
    });
  }, [parentId]);

  async function saveInfos(event: FormEvent) {
    event.preventDefault();
    if (!parentId) return setInfosMessage({ kind: 'error', text: 'Impossible de mettre à jour : ID parent introuvable.' });
    setInfosState('loading');
    const result = await api('/update-account-infos', { method: 'POST', json: { parent_id: parentId, ...infos } });
    setInfosState('idle');
    setInfosMessage(
      result.ok
        ? { kind: 'success', text: 'Informations mises à jour avec succès.' }
        : { kind: 'error', text: 'Erreur lors de la mise à jour.' },
    );
    if (result.ok) await restoreSession(true);
  }

  async function saveDelivery(event: FormEvent) {
    event.preventDefault();
    if (!parentId) return setDeliveryMessage({ kind: 'error', text: 'Impossible de mettre à jour : ID parent introuvable.' });
    setDeliveryState('loading');
    const result = await api('/update-delivery-infos', { method: 'POST', json: { parent_id: parentId, ...delivery } });
    setDeliveryState('idle');
    setDeliveryMessage(
      result.ok
        ? { kind: 'success', text: 'Adresse de livraison mise à jour !' }
        : { kind: 'error', text: "Erreur lors de la mise à jour de l'adresse." },
    );
  }

  if (!parent) return <div className="spinner" role="status" />;
  if (parent === 'failed') return <FormMessage kind="error">Erreur lors du chargement des données.</FormMessage>;

  return (
    <div className="grid-2">
      <form className="card form" onSubmit={saveInfos}>
        <h2>Mes informations</h2>
        <TextField label="Adresse mail" value={parent.email} readOnly disabled />
        <TextField
          label="Prénom"
          required
          value={infos.first_name}
          onChange={(event) => setInfos({ ...infos, first_name: event.target.value })}
        />
        <TextField
          label="Nom"
          required
          value={infos.last_name}
          onChange={(event) => setInfos({ ...infos, last_name: event.target.value })}
        />
        <TextField
          label="Téléphone"
          type="tel"
          required
          value={infos.phone}
          onChange={(event) => setInfos({ ...infos, phone: event.target.value })}
        />
        {infosMessage ? <FormMessage kind={infosMessage.kind}>{infosMessage.text}</FormMessage> : null}
        <Button type="submit" state={infosState}>
          Enregistrer
        </Button>
      </form>
      <form className="card form" onSubmit={saveDelivery}>
        <h2>Adresse de livraison</h2>
        <TextField
          label="Adresse"
          autoComplete="street-address"
          required
          value={delivery.address}
          onChange={(event) => setDelivery({ ...delivery, address: event.target.value })}
        />
        <TextField
          label="Ville"
          autoComplete="address-level2"
          required
          value={delivery.city}
          onChange={(event) => setDelivery({ ...delivery, city: event.target.value })}
        />
        <TextField
          label="Code postal"
          autoComplete="postal-code"
          required
          value={delivery.postal_code}
          onChange={(event) => setDelivery({ ...delivery, postal_code: event.target.value })}
        />
        <TextField
          label="Pays"
          autoComplete="country-name"
          required
          value={delivery.country}
          onChange={(event) => setDelivery({ ...delivery, country: event.target.value })}
        />
        {deliveryMessage ? <FormMessage kind={deliveryMessage.kind}>{deliveryMessage.text}</FormMessage> : null}
        <Button type="submit" state={deliveryState}>
          Enregistrer l'adresse
        </Button>
      </form>
    </div>
  );
}
