import type { Preparation } from '@bracelet/contracts';
import * as endpoints from '@bracelet/contracts/endpoints';
import { remotePages } from '@bracelet/contracts/pages';
import { type ApiResult, api, Button, LoadStatus, TextField, useLoad } from '@bracelet/ui';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { BackofficeLayout } from '../BackofficeLayout';
import { QrScanner } from '../QrScanner';
import { plural, statusLabel } from '../status';

type Outcome = { kind: 'success' | 'error'; text: string } | undefined;

const failureText = (result: Exclude<ApiResult<unknown>, { ok: true }>, fallback: string) =>
  result.status === 0 ? 'Erreur réseau. Veuillez réessayer.' : (result.message ?? fallback);

function Preparing({ initial }: { initial: Preparation }) {
  const navigate = useNavigate();
  const [order, setOrder] = useState(initial);
  const [scanning, setScanning] = useState(initial.status === 'to_prepare');
  const [outcome, setOutcome] = useState<Outcome>();
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const [finishing, setFinishing] = useState<'idle' | 'loading' | 'success'>('idle');
  const mounted = useRef(true);
  useEffect(
    () => () => {
      mounted.current = false;
    },
    [],
  );

  const open = order.status === 'to_prepare';
  const complete = order.bracelets.length === order.quantity;

  const add = async (code: string) => {
    setBusy(true);
    const result = await api(endpoints.addBraceletToOrder(order.id), { json: { bracelet_id: code } });
    if (!mounted.current) return;
    setBusy(false);
    if (result.ok) {
      const added = result.data.bracelets.at(-1)?.id ?? code;
      setOrder(result.data);
      setOutcome({ kind: 'success', text: `Bracelet ${added} ajouté !` });
      return true;
    }
    setOutcome({ kind: 'error', text: failureText(result, 'Erreur lors de l’ajout du bracelet.') });
    return false;
  };

  const scanned = (code: string) => {
    setScanning(false);
    void add(code);
  };

  const submitTyped = async (event: FormEvent) => {
    event.preventDefault();
    if (!typed.trim()) return;
    setScanning(false);
    if (await add(typed.trim())) setTyped('');
  };

  const remove = async (braceletId: string) => {
    setBusy(true);
    const result = await api(endpoints.removeBraceletFromOrder(order.id, braceletId));
    if (!mounted.current) return;
    setBusy(false);
    if (result.ok) {
      setOrder(result.data);
      setOutcome({ kind: 'success', text: `Bracelet ${braceletId} retiré.` });
    } else setOutcome({ kind: 'error', text: failureText(result, 'Erreur lors du retrait du bracelet.') });
  };

  // Sends `prepared` for this very order, waits for the answer, then goes back to the list.
  const finish = async () => {
    setScanning(false);
    setFinishing('loading');
    const result = await api(endpoints.setOrderStatus(order.id), { json: { status: 'prepared' } });
    if (!mounted.current) return;
    if (result.ok) {
      setFinishing('success');
      navigate(remotePages.backoffice.orders);
      return;
    }
    setFinishing('idle');
    setOutcome({ kind: 'error', text: failureText(result, 'La préparation n’a pas pu être finalisée.') });
  };

  const shown = statusLabel(order.status);
  return (
    <>
      <h1>Préparation de la commande {order.order_number}</h1>
      <p>
        <span className={`order-status order-status--${shown.tone}`}>{shown.label}</span>{' '}
        <span className="muted">
          {order.customer_name} — {order.relay_point ? `point relais ${order.relay_point}, ` : ''}
          {order.address}, {order.postal_code} {order.city}
        </span>
      </p>
      <section aria-labelledby="contents">
        <h2 id="contents">Contenu de la commande</h2>
        <ul className="preparation-lines">
          {order.lines.map((line) => (
            <li key={`${line.code}-${line.colour}`}>
              <strong>{line.quantity} ×</strong> {line.product_name} — {line.colour_name}
            </li>
          ))}
        </ul>
      </section>
      {open ? (
        <section aria-labelledby="scan" className="preparation-scan">
          <h2 id="scan">Scanner les bracelets</h2>
          <QrScanner active={scanning && !complete} onCode={scanned} />
          {!scanning && !complete ? (
            <button type="button" className="btn btn--secondary" onClick={() => setScanning(true)} disabled={busy}>
              Scanner le suivant
            </button>
          ) : null}
          {outcome ? (
            <p className={`scan-outcome scan-outcome--${outcome.kind}`} role={outcome.kind === 'error' ? 'alert' : 'status'}>
              {outcome.text}
            </p>
          ) : null}
          <form className="typed-bracelet" onSubmit={submitTyped}>
            <TextField
              label="Identifiant du bracelet (QR code abîmé)"
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
              autoComplete="off"
              spellCheck={false}
            />
            <button type="submit" className="btn btn--secondary" disabled={busy || !typed.trim()}>
              Ajouter
            </button>
          </form>
        </section>
      ) : (
        <p className="muted">Cette commande n’est plus à préparer.</p>
      )}
      <section aria-labelledby="added">
        <h2 id="added">
          Bracelets ajoutés : {order.bracelets.length} sur {order.quantity}
        </h2>
        {order.bracelets.length === 0 ? <p className="muted">Aucun bracelet pour l’instant.</p> : null}
        <ul className="list">
          {order.bracelets.map((bracelet) => (
            <li key={bracelet.id} className="list-item">
              <span className="list-item__main">
                <code>{bracelet.id}</code>
              </span>
              {open ? (
                <button
                  type="button"
                  className="btn btn--secondary btn--small"
                  onClick={() => void remove(bracelet.id)}
                  disabled={busy}
                  aria-label={`Retirer le bracelet ${bracelet.id}`}
                >
                  Retirer
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      </section>
      {open ? (
        <Button onClick={() => void finish()} disabled={!complete || busy} state={finishing} successLabel="Préparation finalisée">
          Finaliser la préparation
        </Button>
      ) : null}
      {open && !complete ? (
        <p className="muted">Il reste {plural(order.quantity - order.bracelets.length, 'bracelet')} à ajouter.</p>
      ) : null}
      <p>
        <Link to={remotePages.backoffice.orders}>Retour aux commandes</Link>
      </p>
    </>
  );
}

function PreparationLoader({ orderId }: { orderId: string }) {
  const load = useLoad(endpoints.preparation(orderId));
  if (load.status !== 'loaded') return <LoadStatus load={load} failure="Commande introuvable." />;
  return <Preparing initial={load.data} />;
}

/** /prepareorderpage?order={id}: what the order holds, the camera scanner, and 'Finaliser la préparation' (spec §2.17). */
export default function PreparePage() {
  const [params] = useSearchParams();
  const orderId = params.get('order');
  return (
    <BackofficeLayout>
      {orderId ? (
        <PreparationLoader orderId={orderId} />
      ) : (
        <>
          <h1>Préparation de la commande</h1>
          <p className="muted">
            Aucune commande choisie. <Link to={remotePages.backoffice.orders}>Choisir une commande à préparer</Link>
          </p>
        </>
      )}
    </BackofficeLayout>
  );
}
