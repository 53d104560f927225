import * as endpoints from '@bracelet/contracts/endpoints';
import type { ParentResponse } from '@bracelet/contracts/http';
import { api, Button, FormMessage, LoadStatus, restoreSession, TextField, useForm, useLoad } from '@bracelet/ui';

const noParentId = 'Impossible de mettre à jour : ID parent introuvable.';

/** 'Mes informations': the parent's details and delivery address, two forms one can send again and again. */
export function InfosTab({ parentId }: { parentId: string }) {
  const parent = useLoad(endpoints.parent(parentId));
  if (parent.status !== 'loaded') return <LoadStatus load={parent} />;
  return (
    <div className="grid-2">
      <DetailsForm parentId={parentId} parent={parent.data} />
      <DeliveryForm parentId={parentId} parent={parent.data} />
    </div>
  );
}

type FormProps = { parentId: string; parent: ParentResponse };

function DetailsForm({ parentId, parent }: FormProps) {
  const form = useForm({ first_name: parent.first_name, last_name: parent.last_name, phone: parent.phone ?? '' }, { repeatable: true });
  const save = () => {
    if (!parentId) return form.fail(noParentId);
    return form.submit((signal) => api(endpoints.updateAccountInfos(), { json: { parent_id: parentId, ...form.values }, signal }), {
      success: 'Informations mises à jour avec succès.',
      failure: 'Erreur lors de la mise à jour.',
      // The header greets the parent by name.
      onSuccess: () => restoreSession(true),
    });
  };
  return (
    <form className="card form" onSubmit={form.onSubmit(save)}>
      <h2>Mes informations</h2>
      <TextField label="Adresse mail" value={parent.email} readOnly disabled />
      <TextField label="Prénom" required {...form.field('first_name')} />
      <TextField label="Nom" required {...form.field('last_name')} />
      <TextField label="Téléphone" type="tel" required {...form.field('phone')} />
      <FormMessage message={form.message} />
      <Button type="submit" state={form.button}>
        Enregistrer
      </Button>
    </form>
  );
}

function DeliveryForm({ parentId, parent }: FormProps) {
  const form = useForm(
    { address: parent.address ?? '', city: parent.city ?? '', postal_code: parent.postal_code ?? '', country: parent.country ?? 'France' },
    { repeatable: true },
  );
  const save = () => {
    if (!parentId) return form.fail(noParentId);
    return form.submit((signal) => api(endpoints.updateDeliveryInfos(), { json: { parent_id: parentId, ...form.values }, signal }), {
      success: 'Adresse de livraison mise à jour !',
      failure: "Erreur lors de la mise à jour de l'adresse.",
    });
  };
  return (
    <form className="card form" onSubmit={form.onSubmit(save)}>
      <h2>Adresse de livraison</h2>
      <TextField label="Adresse" autoComplete="street-address" required {...form.field('address')} />
      <TextField label="Ville" autoComplete="address-level2" required {...form.field('city')} />
      <TextField label="Code postal" autoComplete="postal-code" required {...form.field('postal_code')} />
      <TextField label="Pays" autoComplete="country-name" required {...form.field('country')} />
      <FormMessage message={form.message} />
      <Button type="submit" state={form.button}>
        Enregistrer l'adresse
      </Button>
    </form>
  );
}
