import * as endpoints from '@bracelet/contracts/endpoints';
import { formatEuros, LoadStatus, useLoad } from '@bracelet/ui';

export function OrdersTab({ parentId }: { parentId: string }) {
  const orders = useLoad(endpoints.ordersOf(parentId));
  if (orders.status !== 'loaded') return <LoadStatus load={orders} />;
  if (orders.data.length === 0) return <p className="muted">Vous n'avez pas encore passé de commande.</p>;
  return (
    <ul className="list">
      {orders.data.map((order) => (
        <li key={order.id} className="list-item">
          <span className="list-item__main">
            <strong>
              Commande {order.order_number} du {new Date(order.order_datetime).toLocaleDateString('fr-FR')}
            </strong>
            <br />
            {order.contenu.map((line) => `${line.quantity} × ${line.name} (${line.color})`).join(', ')}
          </span>
          {order.refunded_at ? (
            <span className="badge">
              Remboursée{order.refunded_amount !== null ? ` (${formatEuros(Math.round(order.refunded_amount * 100))})` : ''} le{' '}
              {new Date(order.refunded_at).toLocaleDateString('fr-FR')}
            </span>
          ) : (
            <span className={`badge${order.status === 'shipped' ? ' badge--ok' : ''}`}>
              {order.status === 'shipped' ? 'Livrée' : 'Livraison en cours'}
            </span>
          )}
          {order.invoice_url ? (
            // A download (content-disposition: attachment): no new tab left open and empty.
            <a href={order.invoice_url} download>
              Télécharger la facture
            </a>
          ) : null}
          {order.refunded_at ? null : order.withdrawal_requested_at ? (
            <span className="badge">Rétractation demandée le {new Date(order.withdrawal_requested_at).toLocaleDateString('fr-FR')}</span>
          ) : order.withdrawal_until && Date.now() <= Date.parse(order.withdrawal_until) ? (
            // The withdrawal button (EU directive 2023/2673), open until the order's period ends.
            <a href={`/retractation?order=${encodeURIComponent(order.order_number)}`}>Se rétracter du contrat ici</a>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
