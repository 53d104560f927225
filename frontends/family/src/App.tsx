import { remotePages } from '@bracelet/contracts/http';
import { lazy } from 'react';
import { RemotePage } from '../../remote-page';

const pages = {
  [remotePages.family.scan]: lazy(() => import('./pages/scan/ScanPage')),
};

/** The family remote: accounts, children, the configuration wizard and the finder's page. */
export default function App() {
  return <RemotePage pages={pages} />;
}
