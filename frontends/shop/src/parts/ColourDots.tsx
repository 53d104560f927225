import type { CatalogColour, CatalogProduct } from '@bracelet/contracts/http';
import { Link } from 'react-router-dom';
import { productPath } from '../catalogue';

type ColourDotsProps = {
  product: CatalogProduct;
  /** The colour shown, marked as the current one. */
  current?: string;
  /** Prefixed to each colour's name for a screen reader, where the product is not obvious (a card). */
  labelPrefix?: string;
};

/** One dot per colour, each a link to that colour's page (spec §2.8, §2.9). */
export function ColourDots({ product, current, labelPrefix }: ColourDotsProps) {
  return (
    <ul className="colour-dots" aria-label="Couleurs disponibles">
      {product.colors.map((colour: CatalogColour) => (
        <li key={colour.slug}>
          <Link
            to={productPath(product, colour)}
            className="colour-dot"
            aria-label={labelPrefix ? `${labelPrefix}, ${colour.name}` : colour.name}
            aria-current={colour.slug === current ? 'true' : undefined}
            title={colour.name}
          >
            <span className="colour-dot__swatch" style={{ background: colour.hex }} />
          </Link>
        </li>
      ))}
    </ul>
  );
}
