import type { ShippingOrder, ShippingStatus } from '@bracelet/contracts';
import * as endpoints from '@bracelet/contracts/endpoints';
import { remotePages } from '@bracelet/contracts/pages';
import { api, ConfirmDialog, FormMessage, LoadStatus, TextField, useLoad } from '@bracelet/ui';
import { type FormEvent, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { BackofficeLayout } from '../BackofficeLayout';
import { plural, statusLabel } from '../status';

const statusChoices: Array<{ value: '' | ShippingStatus; label: string }> = [
  { value: '', label: 'Toutes' },
  { value: 'to_prepare', label: 'À préparer' },
  { value: 'prepared', label: 'Préparée' },
  { value: 'shipped', label: 'Expédiée' },
];
const isStatus = (value: string | null): value is ShippingStatus => value === 'to_prepare' || value === 'prepared' || value === 'shipped';
const carrierNames: Record<string, string> = { laposte: 'Colissimo', mondialrelay: 'Mondial Relay' };

/** Asks for the carrier's tracking number, then marks the order shipped. */
function ShipDialog({ order, onDone, onCancel }: { order: ShippingOrder; onDone: () => void; onCancel: () => void }) {
  const [tracking, setTracking] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const ship = async () => {
    if (!tracking.trim()) {
      setError('Indiquez le numéro de suivi du colis.');
      return;
    }
    setBusy(true);
    const result = await api(endpoints.setOrderStatus(order.id), { json: { status: 'shipped', tracking_number: tracking.trim() } });
    setBusy(false);
    if (result.ok) onDone();
    else setError(result.fields?.tracking_number?.[0] ?? result.message ?? 'Erreur réseau. Veuillez réessayer.');
  };
  return (
    <ConfirmDialog
      open
      title={`Expédier la commande ${order.order_number}`}
      confirmLabel="Marquer comme expédiée"
      onConfirm={ship}
      onCancel={onCancel}
      busy={busy}
    >
      <p className="muted">
        {carrierNames[order.carrier] ?? order.carrier} —{' '}
        {order.relay_point ? `point relais ${order.relay_point}` : `${order.address}, ${order.postal_code} ${order.city}`}
      </p>
      <TextField
        label="Numéro de suivi"
        value={tracking}
        onChange={(event) => {
          setTracking(event.target.value);
          setError(undefined);
        }}
        autoComplete="off"
        error={error}
      />
    </ConfirmDialog>
  );
}

function OrdersTable() {
  const [params, setParams] = useSearchParams();
  const statusParam = params.get('status');
  const status = isStatus(statusParam) ? statusParam : undefined;
  const q = params.get('q') ?? '';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const load = useLoad(endpoints.shippingOrders({ status, q: q || undefined, page }));
  const [search, setSearch] = useState(q);
  const [shipping, setShipping] = useState<ShippingOrder>();
  const [notice, setNotice] = useState<string>();

  const go = (changes: Record<string, string | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    setParams(next);
  };
  const submitSearch = (event: FormEvent) => {
    event.preventDefault();
    go({ q: search.trim() || undefined, page: undefined });
  };

  const total = load.status === 'loaded' ? Number(load.headers.get('x-total-count') ?? 0) : 0;
  const pageSize = load.status === 'loaded' ? Number(load.headers.get('x-page-size') ?? 20) : 20;
  const pages = Math.max(1, Math.ceil(total / pageSize));

  return (
    <>
      <form className="backoffice-filters" onSubmit={submitSearch}>
        <div className="field">
          <label htmlFor="status-filter">Statut</label>
          <select
            id="status-filter"
            value={status ?? ''}
            onChange={(event) => go({ status: event.target.value || undefined, page: undefined })}
          >
            {statusChoices.map((choice) => (
              <option key={choice.value} value={choice.value}>
                {choice.label}
              </option>
            ))}
          </select>
        </div>
        <TextField label="Numéro de commande" value={search} onChange={(event) => setSearch(event.target.value)} placeholder="BQ-000123" />
        <button type="submit" className="btn btn--secondary">
          Rechercher
        </button>
      </form>
      {notice ? <FormMessage kind="success">{notice}</FormMessage> : null}
      {load.status !== 'loaded' ? (
        <LoadStatus load={load} failure="Impossible de charger les commandes." />
      ) : load.data.length === 0 ? (
        <p className="muted">Aucune commande {status || q ? 'ne correspond à cette recherche' : 'pour l’instant'}.</p>
      ) : (
        <div className="table-scroll">
          <table className="orders-table">
            <caption className="visually-hidden">Commandes à expédier</caption>
            <thead>
              <tr>
                <th scope="col">ID</th>
                <th scope="col">Adresse</th>
                <th scope="col">Expédition</th>
                <th scope="col">Statut</th>
                <th scope="col">Action</th>
              </tr>
            </thead>
            <tbody>
              {load.data.map((order) => {
                const shown = statusLabel(order.status);
                return (
                  <tr key={order.id}>
                    <th scope="row">
                      {order.order_number}
                      <br />
                      <span className="muted">
                        {order.customer_name} · {plural(order.quantity, 'bracelet')}
                      </span>
                    </th>
                    <td>
                      {order.relay_point ? (
                        <>
                          Point relais {order.relay_point}
                          <br />
                        </>
                      ) : null}
                      {order.address}, {order.postal_code} {order.city}
                    </td>
                    <td>{order.shipment_id ?? '—'}</td>
                    <td>
                      <span className={`order-status order-status--${shown.tone}`}>{shown.label}</span>
                    </td>
                    <td>
                      {order.status === 'to_prepare' ? (
                        <Link className="btn btn--primary btn--small" to={`${remotePages.backoffice.prepareOrder}?order=${order.id}`}>
                          Préparer la commande
                        </Link>
                      ) : order.status === 'prepared' ? (
                        <button type="button" className="btn btn--secondary btn--small" onClick={() => setShipping(order)}>
                          Marquer comme expédiée
                        </button>
                      ) : (
                        '—'
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {load.status === 'loaded' ? (
        <nav className="pagination" aria-label="Pages">
          <button
            type="button"
            className="btn btn--secondary btn--small"
            disabled={page <= 1}
            onClick={() => go({ page: page > 2 ? String(page - 1) : undefined })}
          >
            Page précédente
          </button>
          <span>
            Page {Math.min(page, pages)} sur {pages} — {plural(total, 'commande')}
          </span>
          <button
            type="button"
            className="btn btn--secondary btn--small"
            disabled={page >= pages}
            onClick={() => go({ page: String(page + 1) })}
          >
            Page suivante
          </button>
        </nav>
      ) : null}
      {shipping ? (
        <ShipDialog
          order={shipping}
          onCancel={() => setShipping(undefined)}
          onDone={() => {
            setNotice(`Commande ${shipping.order_number} expédiée.`);
            setShipping(undefined);
            load.reload();
          }}
        />
      ) : null}
    </>
  );
}

/** /backoffice: the 'Commandes à expédier' table (spec §2.17), staff only. */
export default function OrdersPage() {
  return (
    <BackofficeLayout>
      <h1>Commandes à expédier</h1>
      <OrdersTable />
    </BackofficeLayout>
  );
}
