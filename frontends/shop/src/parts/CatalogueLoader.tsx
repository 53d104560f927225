import * as endpoints from '@bracelet/contracts/endpoints';
import type { CatalogProduct } from '@bracelet/contracts/http';
import { FormMessage, Loading, useLoad } from '@bracelet/ui';
import type { ReactNode } from 'react';
import { productsOf } from '../catalogue';

/**
 * The catalogue for a page that lists products: the loading line, the French failure with
 * 'Réessayer', and the products on sale once loaded.
 */
export function CatalogueLoader({
  children,
  placeholder,
}: {
  children: (products: CatalogProduct[]) => ReactNode;
  /**
   * What stands while the catalogue loads, instead of the loading line: boxes the size of what
   * will come, so that nothing below moves when it arrives (the status is still announced).
   */
  placeholder?: ReactNode;
}) {
  const catalogue = useLoad(endpoints.catalogProducts());
  if (catalogue.status === 'loading') {
    if (!placeholder) return <Loading label="Chargement des bracelets…" />;
    return (
      <>
        <p className="visually-hidden" role="status">
          Chargement des bracelets…
        </p>
        {placeholder}
      </>
    );
  }
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
