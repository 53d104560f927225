import type { CatalogProduct } from '@bracelet/contracts/http';
import { centsOf, formatEuros } from '@bracelet/ui';
import { Link } from 'react-router-dom';
import { picturesOf, productPath } from '../catalogue';
import { Breadcrumb } from '../parts/Breadcrumb';
import { CatalogueLoader } from '../parts/CatalogueLoader';
import { ColourDots } from '../parts/ColourDots';
import { useFirstPicture } from '../parts/first-picture';
import { Picture } from '../parts/Picture';
import { useTitle } from '../parts/page';

const TITLE = 'Nos bracelets';

/**
 * A card's picture: half the page less the container's margins and the gap under 768 px (with
 * `50vw`, a 412 px phone at 1.75× asked for the 720 px file for a 182 px card), a column above.
 */
const CARD_PICTURE_SIZES = '(max-width: 767px) calc(50vw - 1.5rem), 260px';

/** /products (spec §2.8): one card per product and colour, each leading to that colour's page. */
export default function ProductsPage() {
  useTitle(TITLE);
  return (
    <div className="container">
      <Breadcrumb trail={[{ label: TITLE }]} />
      <h1>{TITLE}</h1>
      <CatalogueLoader>{(products) => <ProductCards products={products} />}</CatalogueLoader>
    </div>
  );
}

function ProductCards({ products }: { products: CatalogProduct[] }) {
  const cards = products.flatMap((product) => product.colors.map((colour) => ({ product, colour })));
  const first = useFirstPicture();
  if (cards.length === 0) return <p className="muted">Aucun bracelet n'est en vente pour le moment.</p>;
  return (
    <ul className="product-grid">
      {cards.map(({ product, colour }, index) => (
        <li key={`${product.code}-${colour.slug}`} className="product-card">
          <Link to={productPath(product, colour)} className="product-card__link">
            {/* The first row's pictures at once; the others once the first has arrived. */}
            {index < 2 || first.arrived ? (
              <Picture
                picture={picturesOf(product, colour)[0]}
                alt=""
                sizes={CARD_PICTURE_SIZES}
                priority={index < 2}
                className="product-card__picture"
                onSettled={index === 0 ? first.settled : undefined}
              />
            ) : (
              <span className="picture-placeholder product-card__picture" />
            )}
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
