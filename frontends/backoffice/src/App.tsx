import { remotePages } from '@bracelet/contracts/pages';
import { lazy } from 'react';
import { RemotePage } from '../../remote-page';

const pages = {
  [remotePages.backoffice.orders]: lazy(() => import('./pages/OrdersPage')),
  [remotePages.backoffice.prepareOrder]: lazy(() => import('./pages/PreparePage')),
  [remotePages.backoffice.bracelets]: lazy(() => import('./pages/BraceletsPage')),
  [remotePages.backoffice.withdrawals]: lazy(() => import('./pages/WithdrawalsPage')),
  [remotePages.backoffice.mail]: lazy(() => import('./pages/MailPage')),
};

/** The staff back office: orders to ship, their preparation with the camera, the development mail. */
export default function App() {
  return <RemotePage pages={pages} />;
}
