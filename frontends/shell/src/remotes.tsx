import { type RemoteName, remotePages } from '@bracelet/contracts/pages';
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { Route } from 'react-router-dom';
import { RemoteBoundary } from './RemoteBoundary';

const remoteApps: Record<RemoteName, LazyExoticComponent<ComponentType>> = {
  shop: lazy(() => import('shop/App')),
  family: lazy(() => import('family/App')),
  backoffice: lazy(() => import('backoffice/App')),
};

/** One route per remote page; the remote's ./App picks the page for the current path. */
export function remoteRoutes() {
  return (Object.keys(remotePages) as RemoteName[]).flatMap((remote) => {
    const RemoteApp = remoteApps[remote];
    return Object.values(remotePages[remote] as Record<string, string>).map((path) => (
      <Route
        key={path}
        path={path}
        element={
          // Keyed by remote so moving between pages of one remote keeps it mounted.
          <RemoteBoundary key={remote} name={remote}>
            <RemoteApp />
          </RemoteBoundary>
        }
      />
    ));
  });
}
