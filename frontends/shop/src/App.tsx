import { remotePages } from '@bracelet/contracts/pages';
import { lazy } from 'react';
import { RemotePage } from '../../remote-page';

const HomePage = lazy(() => import('./pages/HomePage'));

const pages = {
  [remotePages.shop.home]: HomePage,
  [remotePages.shop.homepage]: HomePage,
  [remotePages.shop.homepageNew]: HomePage,
};

/** The shop remote: the shell mounts it for the shop's paths. */
export default function App() {
  return <RemotePage pages={pages} />;
}
