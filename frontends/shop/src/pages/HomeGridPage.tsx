import type { CatalogProduct } from '@bracelet/contracts/http';
import { centsOf, formatEuros } from '@bracelet/ui';
import { Link } from 'react-router-dom';
import { picturesOf } from '../catalogue';
import { ContentStyles } from '../content-styles';
import { CatalogueLoader } from '../parts/CatalogueLoader';
import { Picture } from '../parts/Picture';
import { useTitle } from '../parts/page';

/** /homepagenew (spec §2.5): the slogan, then one card per product of the catalogue. */
export default function HomeGridPage() {
  useTitle('Bracelet QR pour enfants');
  return (
    <>
      <ContentStyles />
      <section className="home-section home-hero" aria-labelledby="grid-title">
        <h1 id="grid-title" className="home-hero__slogan">
          Grandir. Explorer. Protéger.
        </h1>
        <p className="home-hero__text">
          Choisissez le bracelet de votre enfant : chacun porte un QR code qui permet à la personne qui le trouve de vous prévenir tout de
          suite.
        </p>
      </section>
      <section className="home-section" aria-labelledby="grid-products">
        <h2 id="grid-products">Tous nos bracelets</h2>
        <CatalogueLoader>{(products) => <Grid products={products} />}</CatalogueLoader>
      </section>
    </>
  );
}

function Grid({ products }: { products: CatalogProduct[] }) {
  if (products.length === 0) return <p className="muted">Aucun bracelet n'est en vente pour le moment.</p>;
  return (
    <ul className="home-grid">
      {products.map((product, index) => (
        <li key={product.code} className="model-card">
          <Link to={`/product/${encodeURIComponent(product.code)}`}>
            <Picture
              picture={picturesOf(product, product.colors[0])[0]}
              alt=""
              sizes="(max-width: 767px) 100vw, 320px"
              priority={index < 2}
            />
            <h3 className="model-card__name">{product.name}</h3>
            <span className="model-card__price">{formatEuros(centsOf(product.price))}</span>{' '}
            <span className="model-card__cta">Découvrir</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
