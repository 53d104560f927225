import { remotePages } from '@bracelet/contracts/pages';
import { lazy } from 'react';
import { RemotePage } from '../../remote-page';

const pages = {
  [remotePages.backoffice.mail]: lazy(() => import('./pages/MailPage')),
};

/** The staff back office. Orders, preparation and minting arrive with the back-office issue. */
export default function App() {
  return <RemotePage pages={pages} />;
}
