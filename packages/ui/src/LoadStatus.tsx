import type { ReactNode } from 'react';
import { FormMessage, Loading } from './feedback';
import type { LoadState } from './load';

/** The account's message when a list cannot be loaded (spec §8). */
export const LOAD_FAILED = 'Erreur lors du chargement des données.';

/**
 * What a page shows until its load (useLoad) has data: the loading indicator, or the failure as an
 * error line. A page returns it early: `if (load.status !== 'loaded') return <LoadStatus load={load} />`.
 */
export function LoadStatus({
  load,
  failure = LOAD_FAILED,
}: {
  load: Exclude<LoadState<unknown>, { status: 'loaded' }>;
  failure?: ReactNode;
}) {
  return load.status === 'loading' ? <Loading /> : <FormMessage kind="error">{failure}</FormMessage>;
}
