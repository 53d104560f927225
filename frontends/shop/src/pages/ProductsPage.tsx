import * as endpoints from '@bracelet/contracts/endpoints';
import { centsOf, FormMessage, formatEuros, Loading, useLoad } from '@bracelet/ui';
import { Link } from 'react-router-dom';
import { picturesOf, productPath, productsOf } from '../catalogue';
import { Breadcrumb } from '../parts/Breadcrumb';
import { ColourDots } from '../parts/ColourDots';
import { Picture } from '../parts/Picture';
import { useTitle } from '../parts/page';

const TITLE = 'Nos bracelets';

/** /products (spec §2.8): one card per product and colour, each leading to that colour's page. */
export default function ProductsPage() {
  useTitle(TITLE);
  const catalogue = useLoad(endpoints.catalogProducts());
  return (
    <div className="container">
      <Breadcrumb trail={[{ label: TITLE }]} />
      <h1>{TITLE}</h1>
      {catalogue.status === 'loading' ? <Loading label="Chargement des bracelets…" /> : null}
      {catalogue.status === 'failed' ? (
        <>
          <FormMessage kind="error">Impossible de charger nos bracelets. Vérifiez votre connexion, puis réessayez.</FormMessage>
          <button type="button" className="btn btn--secondary" onClick={catalogue.reload}>
            Réessayer
          </button>
        </>
      ) : null}
      {catalogue.status === 'loaded' ? <ProductCards products={productsOf(catalogue.data)} /> : null}
    </div>
  );
}

function ProductCards({ products }: { products: ReturnType<typeof productsOf> }) {
  const cards = products.flatMap((product) => product.colors.map((colour) => ({ product, colour })));
  if (cards.length === 0) return <p className="muted">Aucun bracelet n'est en vente pour le moment.</p>;
  return (
    <ul className="product-grid">
      {cards.map(({ product, colour }, index) => (
        <li key={`${product.code}-${colour.slug}`} className="product-card">
          <Link to={productPath(product, colour)} className="product-card__link">
            <Picture
              picture={picturesOf(product, colour)[0]}
              alt=""
              sizes="(max-width: 767px) 50vw, 260px"
              priority={index < 2}
              className="product-card__picture"
            />
            <h2 className="product-card__name">{product.name}</h2>
            <span className="product-card__colour">{colour.name}</span>
            <span className="product-card__price">{formatEuros(centsOf(product.price))}</span>
            <span className="product-card__cta">Découvrir</span>
          </Link>
          <ColourDots product={product} current={colour.slug} labelPrefix={product.name} />
        </li>
      ))}
    </ul>
  );
}
