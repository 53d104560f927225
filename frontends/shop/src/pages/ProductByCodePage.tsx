import * as endpoints from '@bracelet/contracts/endpoints';
import type { CatalogProduct, ProductResponse } from '@bracelet/contracts/http';
import { addToCart, centsOf, FormMessage, formatEuros, Loading, useLoad } from '@bracelet/ui';
import { useId, useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { cartLineOf, colourNamed, picturesOf, productsOf } from '../catalogue';
import { Breadcrumb } from '../parts/Breadcrumb';
import { Carousel } from '../parts/Carousel';
import { DELIVERY_LINE } from '../parts/ProductDetails';
import { ProductNotFound } from '../parts/ProductNotFound';
import { announceAdded, useTitle } from '../parts/page';
import { QuantityStepper } from '../parts/QuantityStepper';
import { trackAddedToCart } from '../tracking';

/** A product answer the page can show (a page must not crash on an unexpected body). */
const isProduct = (data: unknown): data is ProductResponse =>
  typeof data === 'object' &&
  data !== null &&
  typeof (data as ProductResponse).code === 'string' &&
  typeof (data as ProductResponse).price === 'number' &&
  Array.isArray((data as ProductResponse).colors_test) &&
  Array.isArray((data as ProductResponse).images) &&
  Array.isArray((data as ProductResponse).caracteristics);

/** /product/{code} (spec §2.10): the product read by its code, with quantity and colour. */
export default function ProductByCodePage() {
  const { code = '' } = useParams();
  const product = useLoad(endpoints.productByCode(code));
  // The pictures' srcsets per colour are in the catalogue list.
  const catalogue = useLoad(endpoints.catalogProducts());
  const shown = product.status === 'loaded' && isProduct(product.data) ? product.data : undefined;
  useTitle(shown?.name);

  if (product.status === 'failed' && product.failure.status === 404) return <ProductNotFound />;
  if (product.status === 'failed' || (product.status === 'loaded' && !shown)) {
    return (
      <div className="narrow center">
        <FormMessage kind="error">Impossible de charger ce bracelet. Vérifiez votre connexion, puis réessayez.</FormMessage>
        <button type="button" className="btn btn--secondary" onClick={product.reload}>
          Réessayer
        </button>
      </div>
    );
  }
  // Wait for the list too (it answers as fast), unless it failed: the first picture is drawn once.
  if (!shown || catalogue.status === 'loading') return <Loading />;
  const listed = catalogue.status === 'loaded' ? productsOf(catalogue.data).find((candidate) => candidate.code === shown.code) : undefined;
  return <ProductByCode product={shown} listed={listed} />;
}

function ProductByCode({ product, listed }: { product: ProductResponse; listed: CatalogProduct | undefined }) {
  const navigate = useNavigate();
  const colourGroup = useId();
  const [colourIndex, setColourIndex] = useState(0);
  const [quantity, setQuantity] = useState(1);
  const colour = product.colors_test[colourIndex] ?? product.colors_test[0];
  const colourName = colour?.nom ?? product.colors[0] ?? '';

  const slides = useMemo(() => {
    const pictures = listed ? picturesOf(listed, colourNamed(listed, colourName)) : [];
    if (pictures.length > 0) return pictures.map((picture) => ({ picture, src: picture.src }));
    // Without the list: the product's own pictures (its first colour's), by address alone.
    return product.images.map((src) => ({ src }));
  }, [listed, colourName, product.images]);

  const add = () => addToCart(cartLineOf(product, colourName, slides[0]?.src, quantity));

  return (
    <div className="container">
      <Breadcrumb trail={[{ label: 'Nos bracelets', to: '/products' }, { label: product.name }]} />
      <div className="product-layout product-layout--code">
        <Carousel slides={slides} alt={`${product.name}, ${colourName}`} />
        <div className="product-panel">
          <h1 className="product-panel__name">{product.name}</h1>
          <p className="product-panel__short">{product.short_description}</p>
          <p className="product-panel__price">{formatEuros(centsOf(product.price))}</p>
          <QuantityStepper value={quantity} onChange={setQuantity} label="Quantité" showLabel />
          {product.colors_test.length > 0 ? (
            <fieldset className="colour-picker">
              <legend>
                Couleur : <strong>{colourName}</strong>
              </legend>
              {product.colors_test.map((option, index) => (
                <label key={option.nom} className="colour-picker__option" title={option.nom}>
                  <input
                    type="radio"
                    name={colourGroup}
                    value={option.nom}
                    checked={index === colourIndex}
                    onChange={() => setColourIndex(index)}
                    className="visually-hidden"
                  />
                  <span className="colour-dot__swatch" style={{ background: option.code }} />
                  <span className="colour-picker__name">{option.nom}</span>
                </label>
              ))}
            </fieldset>
          ) : null}
          <p className="product-panel__delivery">{DELIVERY_LINE}</p>
          <div className="product-panel__actions">
            <button
              type="button"
              className="btn btn--primary btn--block"
              onClick={() => {
                add();
                navigate('/cart');
              }}
            >
              Commander
            </button>
            <button
              type="button"
              className="btn btn--secondary btn--block"
              onClick={() => {
                add();
                trackAddedToCart();
                announceAdded();
              }}
            >
              Ajouter au panier
            </button>
          </div>
          <section className="product-section" aria-labelledby="description">
            <h2 id="description">Description</h2>
            <p>{product.description}</p>
          </section>
          <section className="product-section" aria-labelledby="caracteristiques">
            <h2 id="caracteristiques">Caractéristiques</h2>
            <ul className="product-section__list">
              {product.caracteristics.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          </section>
        </div>
      </div>
    </div>
  );
}
