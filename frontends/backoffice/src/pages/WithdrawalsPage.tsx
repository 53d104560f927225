import type { WithdrawalReturn } from '@bracelet/contracts';
import * as endpoints from '@bracelet/contracts/endpoints';
import { api, ConfirmDialog, FormMessage, LoadStatus, type Message, useLoad } from '@bracelet/ui';
import { useState } from 'react';
import { BackofficeLayout } from '../BackofficeLayout';

const inParis = (iso: string) =>
  new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris', dateStyle: 'short', timeStyle: 'short' }).format(new Date(iso));
const euros = (cents: number) => new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' }).format(cents / 100);

type Notice = Message;

/** Asks before refunding: money leaves once, through the payment provider. */
function RefundDialog({ row, onDone, onCancel }: { row: WithdrawalReturn; onDone: (notice: Notice) => void; onCancel: () => void }) {
  const [busy, setBusy] = useState(false);
  const refund = async () => {
    setBusy(true);
    const result = await api(endpoints.refundOrder(row.order_id), { json: {} });
    setBusy(false);
    onDone(
      result.ok
        ? {
            kind: 'success',
            text: `Commande ${row.order_number} remboursée (${euros(result.data.amount_cents)}). Le client est prévenu par e-mail.`,
          }
        : { kind: 'error', text: result.message ?? 'Erreur réseau. Veuillez réessayer.' },
    );
  };
  return (
    <ConfirmDialog
      open
      title={`Rembourser la commande ${row.order_number}`}
      confirmLabel="Rembourser"
      onConfirm={refund}
      onCancel={onCancel}
      busy={busy}
    >
      <p>Le montant payé est remboursé sur la carte du client, qui reçoit une confirmation par e-mail.</p>
      <p className="muted">Les bracelets jamais configurés de la commande reviennent en stock.</p>
    </ConfirmDialog>
  );
}

function WithdrawalsTable() {
  const load = useLoad(endpoints.withdrawalReturns());
  const [notice, setNotice] = useState<Notice>();
  const [refunding, setRefunding] = useState<WithdrawalReturn>();
  const [receiving, setReceiving] = useState<string>();

  const markReceived = async (row: WithdrawalReturn) => {
    setReceiving(row.order_id);
    const result = await api(endpoints.markReturnReceived(row.order_id), { json: {} });
    setReceiving(undefined);
    setNotice(
      result.ok
        ? { kind: 'success', text: `Retour de la commande ${row.order_number} enregistré.` }
        : { kind: 'error', text: result.message ?? 'Erreur réseau. Veuillez réessayer.' },
    );
    load.reload();
  };

  if (load.status !== 'loaded') return <LoadStatus load={load} failure="Impossible de charger les rétractations." />;
  return (
    <>
      <FormMessage message={notice} />
      {load.data.length === 0 ? (
        <p className="muted">Aucune rétractation pour l’instant.</p>
      ) : (
        <div className="table-scroll">
          <table className="orders-table">
            <caption className="visually-hidden">Rétractations</caption>
            <thead>
              <tr>
                <th scope="col">Commande</th>
                <th scope="col">Demandée le</th>
                <th scope="col">Délai</th>
                <th scope="col">Retour</th>
                <th scope="col">Remboursement</th>
              </tr>
            </thead>
            <tbody>
              {load.data.map((row) => (
                <tr key={row.order_id}>
                  <th scope="row">{row.order_number}</th>
                  <td>{inParis(row.requested_at)}</td>
                  <td>
                    <span className={`order-status order-status--${row.accepted ? 'prepared' : 'unknown'}`}>
                      {row.accepted ? 'Dans le délai' : 'Hors délai'}
                    </span>
                  </td>
                  <td>
                    {row.return_received_at ? (
                      `Reçu le ${inParis(row.return_received_at)}`
                    ) : (
                      <button
                        type="button"
                        className="btn btn--secondary btn--small"
                        disabled={receiving === row.order_id}
                        onClick={() => void markReceived(row)}
                      >
                        {receiving === row.order_id ? 'Chargement...' : 'Retour reçu'}
                      </button>
                    )}
                  </td>
                  <td>
                    {row.refunded_at ? (
                      `${euros(row.refunded_cents ?? 0)} le ${inParis(row.refunded_at)}`
                    ) : (
                      <button
                        type="button"
                        className="btn btn--primary btn--small"
                        // The refund may wait for the goods to come back (the acknowledgment says so).
                        disabled={!row.return_received_at}
                        title={row.return_received_at ? undefined : 'Enregistrez d’abord le retour du colis.'}
                        onClick={() => setRefunding(row)}
                      >
                        Rembourser
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {refunding ? (
        <RefundDialog
          row={refunding}
          onCancel={() => setRefunding(undefined)}
          onDone={(done) => {
            setNotice(done);
            setRefunding(undefined);
            load.reload();
          }}
        />
      ) : null}
    </>
  );
}

/**
 * /backoffice/retractations: the orders their buyers withdrew from (checkout's withdrawal button),
 * the parcel's return ('Retour reçu'), then the refund ('Rembourser', through checkout). Staff only.
 */
export default function WithdrawalsPage() {
  return (
    <BackofficeLayout>
      <h1>Rétractations</h1>
      <p className="muted">
        Remboursez au plus tard 14 jours après la demande ; le remboursement peut attendre le retour du colis. Un remboursement n’est fait
        qu’une fois, même après un second clic.
      </p>
      <WithdrawalsTable />
    </BackofficeLayout>
  );
}
