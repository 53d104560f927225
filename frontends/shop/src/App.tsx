import { remotePages } from '@bracelet/contracts/pages';
import { lazy } from 'react';
import { RemotePage } from '../../remote-page';

const page = remotePages.shop;
const HomePage = lazy(() => import('./pages/HomePage'));
const ProductColourPage = lazy(() => import('./pages/ProductColourPage'));

const pages = {
  [page.home]: HomePage,
  [page.homepage]: lazy(() => import('./pages/LandingPage')),
  [page.homepageNew]: lazy(() => import('./pages/HomeGridPage')),
  [page.products]: lazy(() => import('./pages/ProductsPage')),
  // Without a colour, the product's first colour (spec §2.9).
  [page.productOfRange]: ProductColourPage,
  [page.productColour]: ProductColourPage,
  [page.productByCode]: lazy(() => import('./pages/ProductByCodePage')),
  [page.cart]: lazy(() => import('./pages/CartPage')),
  [page.checkout]: lazy(() => import('./pages/checkout/CheckoutPage')),
  [page.success]: lazy(() => import('./pages/checkout/SuccessPage')),
  [page.withdrawal]: lazy(() => import('./pages/WithdrawalPage')),
  [page.cgv]: lazy(() => import('./pages/CgvPage')),
  [page.privacy]: lazy(() => import('./pages/PrivacyPage')),
  [page.legalNotice]: lazy(() => import('./pages/LegalNoticePage')),
  [page.howItWorks]: lazy(() => import('./pages/HowItWorksPage')),
  [page.commitments]: lazy(() => import('./pages/CommitmentsPage')),
  [page.association]: lazy(() => import('./pages/AssociationPage')),
  [page.stepForm]: lazy(() => import('./pages/StepFormPage')),
  [page.configureSuccess]: lazy(() => import('./pages/ConfigureSuccessPage')),
};

/** The shop remote: the shell mounts it for the shop's paths. */
export default function App() {
  return <RemotePage pages={pages} />;
}
