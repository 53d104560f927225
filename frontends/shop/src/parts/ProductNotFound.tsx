import { Link } from 'react-router-dom';

/** An unknown product (spec §2.9): said in French, with a way to the products. */
export function ProductNotFound() {
  return (
    <div className="narrow center">
      <h1>Produit introuvable</h1>
      <p className="muted">Ce bracelet n'existe pas ou n'est plus en vente.</p>
      <Link className="btn btn--primary" to="/products">
        Voir nos bracelets
      </Link>
    </div>
  );
}
