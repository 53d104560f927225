import * as endpoints from '@bracelet/contracts/endpoints';
import type { OrderStatusResponse } from '@bracelet/contracts/http';
import { api, clearCart, formatEuros } from '@bracelet/ui';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useTitle } from '../../parts/page';
import { readPendingPayment } from './pending-payment';

/** How often, and how long, /success asks whether Stripe's webhook has landed. */
const POLL_MS = 2000;
const POLL_FOR_MS = 120_000;

type Follow =
  | { kind: 'unknown' }
  | { kind: 'pending'; order: OrderStatusResponse | undefined }
  | { kind: 'paid'; order: OrderStatusResponse }
  | { kind: 'failed'; message: string; orderNumber?: string };

/**
 * /success (spec §2.13): thanks, the confirmation e-mail to come, a social link, the contact
 * address, back to /. The cart is cleared on load. The order is said paid only once the server
 * says so (Stripe's webhook): until then 'paiement en cours de confirmation', asked every 2 s.
 */
export default function SuccessPage() {
  useTitle('Merci pour votre commande');
  const [params] = useSearchParams();
  const orderId = params.get('order_id');
  const redirectStatus = params.get('redirect_status');
  const secretFromBank = params.get('payment_intent_client_secret');
  const [follow, setFollow] = useState<Follow>({ kind: 'unknown' });

  // Cleared on load (spec §2.13), except when the bank refused: the buyer goes back to try again.
  useEffect(() => {
    if (redirectStatus !== 'failed') clearCart();
  }, [redirectStatus]);

  useEffect(() => {
    const pending = readPendingPayment(orderId);
    const id = orderId ?? pending?.order_id;
    const secret = secretFromBank ?? pending?.client_secret;
    if (!id) return;
    if (redirectStatus === 'failed') {
      setFollow({
        kind: 'failed',
        message: 'L’authentification de votre carte a échoué : le paiement n’a pas été effectué.',
        orderNumber: pending?.order_number,
      });
      return;
    }
    setFollow({ kind: 'pending', order: undefined });
    const away = new AbortController();
    const started = Date.now();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ask = async () => {
      const result = await api(endpoints.orderStatus(id, secret ?? undefined), { signal: away.signal });
      if (away.signal.aborted) return;
      if (result.ok && result.data.paid) return setFollow({ kind: 'paid', order: result.data });
      if (result.ok && result.data.status === 'awaiting_payment' && result.data.payment_error) {
        return setFollow({ kind: 'failed', message: result.data.payment_error, orderNumber: result.data.order_number });
      }
      if (result.ok) setFollow({ kind: 'pending', order: result.data });
      if (Date.now() - started < POLL_FOR_MS) timer = setTimeout(() => void ask(), POLL_MS);
    };
    void ask();
    return () => {
      away.abort();
      clearTimeout(timer);
    };
  }, [orderId, redirectStatus, secretFromBank]);

  const orderNumber =
    follow.kind === 'paid' || follow.kind === 'pending'
      ? follow.order?.order_number
      : follow.kind === 'failed'
        ? follow.orderNumber
        : undefined;
  return (
    <div className="container narrow success-page">
      <h1>Merci pour votre commande !</h1>
      {orderNumber ? (
        <p className="success-page__number">
          Commande n° <strong>{orderNumber}</strong>
        </p>
      ) : null}
      <div role="status" aria-live="polite">
        {follow.kind === 'pending' ? <p className="success-page__state">Paiement en cours de confirmation…</p> : null}
        {follow.kind === 'paid' ? (
          <p className="success-page__state success-page__state--ok">
            Paiement confirmé : {formatEuros(Math.round(follow.order.total_amount * 100))}.
          </p>
        ) : null}
      </div>
      {follow.kind === 'failed' ? (
        <div className="alert alert--error" role="alert">
          <p>{follow.message}</p>
          <p>
            <Link to="/cart">Revenir au panier</Link> pour réessayer.
          </p>
        </div>
      ) : (
        <p>Vous allez recevoir un e-mail de confirmation avec votre facture. Nous préparons votre colis avec soin.</p>
      )}
      <p>
        Suivez-nous sur{' '}
        <a href="https://www.instagram.com/braceletqr/" target="_blank" rel="noopener noreferrer">
          Instagram
        </a>{' '}
        pour découvrir les nouveautés.
      </p>
      <p>
        Une question sur votre commande ? Écrivez-nous à <a href="mailto:contact@bracelet-qr.fr">contact@bracelet-qr.fr</a>.
      </p>
      <Link className="btn btn--primary" to="/">
        Retour à l’accueil
      </Link>
    </div>
  );
}
