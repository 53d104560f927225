import { remotePages } from '@bracelet/contracts/http';
import { RemotePage } from '../../remote-page';

/** The staff back office. Its pages (orders, preparation, minting) arrive with the back-office issue. */
const pages = { ...remotePages.backoffice };

export default function App() {
  return <RemotePage pages={pages} />;
}
