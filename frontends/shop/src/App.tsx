import { remotePages } from '@bracelet/contracts/pages';
import { lazy } from 'react';
import { RemotePage } from '../../remote-page';

const page = remotePages.shop;
const HomePage = lazy(() => import('./pages/HomePage'));
const ProductColourPage = lazy(() => import('./pages/ProductColourPage'));

const pages = {
  [page.home]: HomePage,
  [page.homepage]: HomePage,
  [page.homepageNew]: HomePage,
  [page.products]: lazy(() => import('./pages/ProductsPage')),
  // Without a colour, the product's first colour (spec §2.9).
  [page.productOfRange]: ProductColourPage,
  [page.productColour]: ProductColourPage,
  [page.productByCode]: lazy(() => import('./pages/ProductByCodePage')),
  [page.cart]: lazy(() => import('./pages/CartPage')),
};

/** The shop remote: the shell mounts it for the shop's paths. */
export default function App() {
  return <RemotePage pages={pages} />;
}
