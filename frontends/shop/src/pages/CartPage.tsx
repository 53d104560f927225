import * as endpoints from '@bracelet/contracts/endpoints';
import { lowestShippingCents } from '@bracelet/contracts/values';
import {
  type CartLine,
  centsOf,
  countOf,
  formatEuros,
  removeFromCart,
  replaceCart,
  setQuantity,
  subtotalCents,
  useCart,
  useLoad,
} from '@bracelet/ui';
import { useEffect, useMemo, useRef } from 'react';
import { Link } from 'react-router-dom';
import { colourNamed, picturesOf, productsOf, reconcileCart, sameLines } from '../catalogue';
import { Breadcrumb } from '../parts/Breadcrumb';
import { Picture } from '../parts/Picture';
import { useTitle } from '../parts/page';
import { QuantityStepper } from '../parts/QuantityStepper';

/**
 * The cart's delivery line (spec §2.11): 'A partir de …' the lowest price checkout will charge
 * (the relay point), or free from 70 € of goods, and the total with it. The spec's flat 3.99 € is
 * not a price the shop charges (docs/deviations.md).
 */
function deliveryLine(subtotal: number): string {
  const lowest = lowestShippingCents(subtotal);
  return lowest === 0 ? 'Offerte' : `A partir de ${formatEuros(lowest)}`;
}

/** /cart (spec §2.11). */
export default function CartPage() {
  useTitle('Mon panier');
  const stored = useCart();
  const catalogue = useLoad(endpoints.catalogProducts());
  const products = catalogue.status === 'loaded' ? productsOf(catalogue.data) : undefined;
  // Checked against the catalogue once it answers: unknown products go, prices are the catalogue's.
  const lines = useMemo(() => (products && products.length > 0 ? reconcileCart(stored, products) : stored), [stored, products]);
  const repaired = useRef<CartLine[]>(undefined);
  useEffect(() => {
    if (lines === stored || sameLines(lines, stored) || repaired.current === stored) return;
    repaired.current = stored;
    replaceCart(lines);
  }, [lines, stored]);

  const count = countOf(lines);
  const subtotal = subtotalCents(lines);
  const delivery = lines.length > 0 ? lowestShippingCents(subtotal) : 0;

  return (
    <div className="container">
      <Breadcrumb trail={[{ label: 'Mon panier' }]} />
      <h1>Mon panier ({count})</h1>
      {lines.length === 0 ? (
        <div className="cart-empty">
          <p>Votre panier est vide.</p>
          <Link className="btn btn--primary" to="/products">
            Découvrir nos bracelets
          </Link>
        </div>
      ) : (
        <div className="cart-layout">
          <ul className="cart-lines">
            {lines.map((line, index) => {
              const product = products?.find((candidate) => candidate.code === line.code);
              const picture = product ? picturesOf(product, colourNamed(product, line.color))[0] : undefined;
              return (
                <li key={`${line.code}-${line.color}`} className="cart-line">
                  {/* The catalogue's picture (AVIF, 360 px) once it answers; the stored one only if it cannot: never both. The first line's picture is the page's LCP element. */}
                  <Picture
                    picture={picture}
                    src={catalogue.status === 'loading' ? undefined : line.image}
                    alt=""
                    sizes="(max-width: 767px) 5rem, 6rem"
                    priority={index === 0}
                    className="cart-line__picture"
                  />
                  <div className="cart-line__main">
                    <h2 className="cart-line__name">{line.name}</h2>
                    <p className="cart-line__colour">Couleur : {line.color}</p>
                    <p className="cart-line__price">{formatEuros(centsOf(line.price))}</p>
                  </div>
                  <div className="cart-line__actions">
                    <QuantityStepper
                      value={line.quantity}
                      onChange={(quantity) => setQuantity(line, quantity)}
                      label={`Quantité de ${line.name}, ${line.color}`}
                    />
                    <button
                      type="button"
                      className="linkish cart-line__delete"
                      aria-label={`Supprimer ${line.name}, ${line.color}`}
                      onClick={() => removeFromCart(line)}
                    >
                      Supprimer
                    </button>
                  </div>
                </li>
              );
            })}
          </ul>
          <section className="cart-summary" aria-label="Récapitulatif de la commande">
            <dl>
              <div>
                <dt>Sous-total</dt>
                <dd>{formatEuros(subtotal)}</dd>
              </div>
              <div>
                <dt>Livraison</dt>
                <dd>{deliveryLine(subtotal)}</dd>
              </div>
              <div className="cart-summary__total">
                <dt>Total</dt>
                <dd>{formatEuros(subtotal + delivery)}</dd>
              </div>
            </dl>
            <Link className="btn btn--primary btn--block" to="/checkout">
              Commander
            </Link>
          </section>
        </div>
      )}
    </div>
  );
}
