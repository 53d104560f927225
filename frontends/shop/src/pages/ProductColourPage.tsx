import * as endpoints from '@bracelet/contracts/endpoints';
import type { CatalogProduct } from '@bracelet/contracts/http';
import { addToCart, centsOf, FormMessage, formatEuros, Loading, useLoad } from '@bracelet/ui';
import { useParams } from 'react-router-dom';
import { cartLineOf, colourOf, picturesOf, productsOf } from '../catalogue';
import { Breadcrumb } from '../parts/Breadcrumb';
import { ColourDots } from '../parts/ColourDots';
import { Gallery } from '../parts/Gallery';
import { DELIVERY_LINE, DeliveryAndReturns } from '../parts/ProductDetails';
import { ProductNotFound } from '../parts/ProductNotFound';
import { announceAdded, useTitle } from '../parts/page';

/** /products/{productSlug}/{colorSlug} (spec §2.9): a product in one colour. */
export default function ProductColourPage() {
  const { productSlug, colorSlug } = useParams();
  const catalogue = useLoad(endpoints.catalogProducts());
  const product =
    catalogue.status === 'loaded' ? productsOf(catalogue.data).find((candidate) => candidate.slug === productSlug) : undefined;
  useTitle(product?.name);

  if (catalogue.status === 'loading') return <Loading />;
  if (catalogue.status === 'failed') {
    return (
      <div className="narrow center">
        <FormMessage kind="error">Impossible de charger ce bracelet. Vérifiez votre connexion, puis réessayez.</FormMessage>
        <button type="button" className="btn btn--secondary" onClick={catalogue.reload}>
          Réessayer
        </button>
      </div>
    );
  }
  if (!product) return <ProductNotFound />;
  return <ProductColour product={product} colourSlug={colorSlug} />;
}

function ProductColour({ product, colourSlug }: { product: CatalogProduct; colourSlug: string | undefined }) {
  const colour = colourOf(product, colourSlug);
  const pictures = picturesOf(product, colour);
  // The long description and the characteristics are the product's own answer (spec §7).
  const details = useLoad(endpoints.productByCode(product.code));
  const detail = details.status === 'loaded' ? details.data : undefined;

  function add() {
    addToCart(cartLineOf(product, colour.name, pictures[0], 1));
    announceAdded();
  }

  return (
    <div className="container">
      <Breadcrumb trail={[{ label: 'Nos bracelets', to: '/products' }, { label: product.name }]} />
      <div className="product-layout">
        <Gallery pictures={pictures} alt={`${product.name}, ${colour.name}`} />
        <div className="product-panel">
          <h1 className="product-panel__name">{product.name}</h1>
          <p className="product-panel__price">{formatEuros(centsOf(product.price))}</p>
          <p className="product-panel__colour">
            Couleur : <strong>{colour.name}</strong>
          </p>
          <ColourDots product={product} current={colour.slug} />
          <p className="product-panel__delivery">{DELIVERY_LINE}</p>
          <button type="button" className="btn btn--primary btn--block" onClick={add}>
            Ajouter au panier
          </button>
          <section className="product-section" aria-labelledby="description">
            <h2 id="description">Description</h2>
            <p>{detail?.description ?? product.short_description}</p>
          </section>
          <section className="product-section" aria-labelledby="caracteristiques">
            <h2 id="caracteristiques">Caractéristiques</h2>
            {detail ? (
              <ul className="product-section__list">
                {detail.caracteristics.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            ) : details.status === 'failed' ? (
              <p className="muted">Les caractéristiques n'ont pas pu être chargées.</p>
            ) : (
              <p className="muted">Chargement…</p>
            )}
          </section>
          <DeliveryAndReturns />
        </div>
      </div>
    </div>
  );
}
