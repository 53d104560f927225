import { remotePages } from '@bracelet/contracts/http';
import { lazy } from 'react';
import { RemotePage } from '../../remote-page';

const pages = {
  [remotePages.shop.home]: lazy(() => import('./pages/HomePage')),
};

/** The shop remote: the shell mounts it for the shop's paths. */
export default function App() {
  return <RemotePage pages={pages} />;
}
