import { api, FormMessage } from '@bracelet/ui';
import { useEffect, useState } from 'react';

type Order = {
  id: string;
  id_order: string;
  status: string;
  order_datetime: string;
  contenu: Array<{ name: string; color: string; quantity: number }>;
  invoice_url: string | null;
};

export function OrdersTab({ parentId }: { parentId: string }) {
  const [orders, setOrders] = useState<Order[] | 'failed'>();
  useEffect(() => {
    api<Order[]>(`/get_orders_by_parent/${parentId}`).then((result) => setOrders(result.ok ? result.data : 'failed'));
  }, [parentId]);

  if (!orders) return <div className="spinner" role="status" />;
  if (orders === 'failed') return <FormMessage kind="error">Erreur lors du chargement des données.</FormMessage>;
  if (orders.length === 0) return <p className="muted">Vous n'avez pas encore passé de commande.</p>;
  return (
    <ul className="list">
      {orders.map((order) => (
        <li key={order.id} className="list-item">
          <span className="list-item__main">
            <strong>Commande du {new Date(order.order_datetime).toLocaleDateString('fr-FR')}</strong>
            <br />
            {order.contenu.map((line) => `${line.quantity} × ${line.name} (${line.color})`).join(', ')}
          </span>
          <span className={`badge${order.status === 'shipped' ? ' badge--ok' : ''}`}>
            {order.status === 'shipped' ? 'Livrée' : 'Livraison en cours'}
          </span>
          {order.invoice_url ? (
            <a href={order.invoice_url} target="_blank" rel="noreferrer">
              Facture
            </a>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
