import * as endpoints from '@bracelet/contracts/endpoints';
import { MAX_BATCH_QUANTITY } from '@bracelet/contracts/values';
import { api, Button, FormMessage, LoadStatus, TextField, useForm, useLoad } from '@bracelet/ui';
import { useEffect, useState } from 'react';
import { BackofficeLayout } from '../BackofficeLayout';
import { plural } from '../status';

const inParis = (iso: string) =>
  new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris', dateStyle: 'short', timeStyle: 'short' }).format(new Date(iso));

/** 'Créer un lot': how many bracelets, under which name; the list reloads with the new batch first. */
function MintForm({ onMinted }: { onMinted: () => void }) {
  const form = useForm({ quantity: '24', label: '' }, { repeatable: true });
  const send = () =>
    form.submit(
      (signal) => api(endpoints.mintBatch(), { json: { quantity: Number(form.values.quantity), label: form.values.label }, signal }),
      {
        failure: (failure) => failure.message ?? 'Erreur réseau. Veuillez réessayer.',
        fieldErrors: true,
        onSuccess: (batch) => {
          form.setValues({ quantity: '24', label: '' });
          onMinted();
          return batch;
        },
        success: 'Lot créé : sa planche est prête à imprimer.',
      },
    );
  return (
    <form className="card mint-form" onSubmit={form.onSubmit(send)} noValidate>
      <h2>Créer un lot</h2>
      <TextField
        label="Nombre de bracelets"
        type="number"
        inputMode="numeric"
        min={1}
        max={MAX_BATCH_QUANTITY}
        required
        hint={`De 1 à ${MAX_BATCH_QUANTITY} par lot.`}
        {...form.field('quantity')}
      />
      <TextField label="Nom du lot" maxLength={80} required placeholder="Salon de Lyon, novembre" {...form.field('label')} />
      <Button type="submit" state={form.button}>
        Créer le lot
      </Button>
      <FormMessage message={form.message} />
    </form>
  );
}

function BatchesTable({ page, reloadKey, onPage }: { page: number; reloadKey: number; onPage: (page: number) => void }) {
  const load = useLoad(endpoints.batches(page));
  const { reload } = load;
  // A new batch was minted: ask again, keeping the table shown meanwhile.
  useEffect(() => {
    if (reloadKey > 0) reload();
  }, [reloadKey, reload]);
  if (load.status !== 'loaded') return <LoadStatus load={load} failure="Impossible de charger les lots." />;
  const total = Number(load.headers.get('x-total-count') ?? 0);
  const pageSize = Number(load.headers.get('x-page-size') ?? 20);
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (load.data.length === 0) return <p className="muted">Aucun lot pour l’instant.</p>;
  return (
    <>
      <div className="table-scroll">
        <table className="orders-table">
          <caption className="visually-hidden">Lots de bracelets</caption>
          <thead>
            <tr>
              <th scope="col">Lot</th>
              <th scope="col">Créé le</th>
              <th scope="col">Bracelets</th>
              <th scope="col">Vendus</th>
              <th scope="col">Configurés</th>
              <th scope="col">Invendus</th>
              <th scope="col">Planche</th>
            </tr>
          </thead>
          <tbody>
            {load.data.map((batch) => (
              <tr key={batch.id}>
                <th scope="row">{batch.label}</th>
                <td>{inParis(batch.minted_at)}</td>
                <td>{batch.size}</td>
                <td>{batch.sold}</td>
                <td>{batch.configured}</td>
                <td>{batch.unsold}</td>
                <td>
                  <a className="btn btn--secondary btn--small" href={endpoints.batchSheetPath(batch.id)} download>
                    Télécharger la planche (PDF)
                  </a>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <nav className="pagination" aria-label="Pages">
        <button type="button" className="btn btn--secondary btn--small" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          Page précédente
        </button>
        <span>
          Page {Math.min(page, pages)} sur {pages} — {plural(total, 'lot')}
        </span>
        <button type="button" className="btn btn--secondary btn--small" disabled={page >= pages} onClick={() => onPage(page + 1)}>
          Page suivante
        </button>
      </nav>
    </>
  );
}

/**
 * /backoffice/bracelets: mint a batch and print its QR codes (A4 sheets, 20 mm codes with cut
 * marks); each batch says how many of its bracelets are sold, configured and unsold. Staff only.
 */
export default function BraceletsPage() {
  const [page, setPage] = useState(1);
  const [minted, setMinted] = useState(0);
  return (
    <BackofficeLayout>
      <h1>Bracelets</h1>
      <MintForm
        onMinted={() => {
          setPage(1);
          setMinted((count) => count + 1);
        }}
      />
      <h2>Lots</h2>
      <p className="muted">Vendus : dans une commande. Configurés : reliés à un enfant aujourd’hui. Invendus : dans aucune commande.</p>
      <BatchesTable page={page} reloadKey={minted} onPage={setPage} />
    </BackofficeLayout>
  );
}
