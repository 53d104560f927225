import type { CreatePaymentIntentResponse } from '@bracelet/contracts/http';
import { lowestShippingCents } from '@bracelet/contracts/values';
import { type CartLine, centsOf, formatEuros, subtotalCents } from '@bracelet/ui';
import { useId, useState } from 'react';

type Props = {
  lines: readonly CartLine[];
  /** The shipping chosen so far (undefined until the shipping step is reached). */
  shippingCents: number | undefined;
  /** Once the server priced the order: what is actually charged. */
  charged: CreatePaymentIntentResponse | null;
};

const euros = (amount: number) => formatEuros(Math.round(amount * 100));

/**
 * The order's summary (spec §2.12): collapsible at 768 px or less ('Voir les détails' /
 * 'Masquer'), always open above. Until a delivery is chosen it reads 'A partir de' the lowest
 * price; once the server answered, its amounts are the ones shown.
 */
export function OrderSummary({ lines, shippingCents, charged }: Props) {
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  const goods = charged ? charged.amounts_cents.goods : subtotalCents(lines);
  const shipping = charged ? charged.amounts_cents.shipping : shippingCents;
  const total = charged ? charged.amounts_cents.total : goods + (shipping ?? lowestShippingCents(goods));
  const shippingText =
    shipping === undefined ? `A partir de ${formatEuros(lowestShippingCents(goods))}` : shipping === 0 ? 'Offerte' : formatEuros(shipping);
  return (
    <aside className="checkout-summary" aria-label="Récapitulatif de la commande">
      <div className="checkout-summary__head">
        <h2>Récapitulatif</h2>
        <button
          type="button"
          className="linkish checkout-summary__toggle"
          aria-expanded={open}
          aria-controls={detailsId}
          onClick={() => setOpen(!open)}
        >
          {open ? 'Masquer' : 'Voir les détails'}
        </button>
      </div>
      <div id={detailsId} className={`checkout-summary__details${open ? ' checkout-summary__details--open' : ''}`}>
        <ul className="checkout-summary__lines">
          {charged
            ? charged.lines.map((line) => (
                <li key={`${line.code}-${line.color}`}>
                  <span>
                    {line.name} — {line.color} × {line.quantity}
                  </span>
                  <span>{euros(line.total)}</span>
                </li>
              ))
            : lines.map((line) => (
                <li key={`${line.code}-${line.color}`}>
                  <span>
                    {line.name} — {line.color} × {line.quantity}
                  </span>
                  <span>{formatEuros(centsOf(line.price) * line.quantity)}</span>
                </li>
              ))}
        </ul>
        <dl>
          <div>
            <dt>Sous-total</dt>
            <dd>{formatEuros(goods)}</dd>
          </div>
          <div>
            <dt>Livraison</dt>
            <dd>{shippingText}</dd>
          </div>
        </dl>
      </div>
      <dl className="checkout-summary__total">
        <div>
          <dt>Total TTC</dt>
          <dd>{formatEuros(total)}</dd>
        </div>
      </dl>
      {charged ? <p className="muted">Commande {charged.order_number} — montants calculés par notre serveur.</p> : null}
    </aside>
  );
}
