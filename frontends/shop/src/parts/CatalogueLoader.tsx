import * as endpoints from '@bracelet/contracts/endpoints';
import type { CatalogProduct } from '@bracelet/contracts/http';
import { FormMessage, Loading, useLoad } from '@bracelet/ui';
import type { ReactNode } from 'react';
import { productsOf } from '../catalogue';

/**
 * The catalogue for a page that lists products: the loading line, the French failure with
 * 'Réessayer', and the products on sale once loaded.
 */
export function CatalogueLoader({ children }: { children: (products: CatalogProduct[]) => ReactNode }) {
  const catalogue = useLoad(endpoints.catalogProducts());
  if (catalogue.status === 'loading') return <Loading label="Chargement des bracelets…" />;
  if (catalogue.status === 'failed') {
    return (
      <>
        <FormMessage kind="error">Impossible de charger nos bracelets. Vérifiez votre connexion, puis réessayez.</FormMessage>
        <button type="button" className="btn btn--secondary" onClick={catalogue.reload}>
          Réessayer
        </button>
      </>
    );
  }
  return <>{children(productsOf(catalogue.data))}</>;
}
