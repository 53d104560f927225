import { Toaster } from 'react-hot-toast';

/** The toast area, bottom centre (spec §2.1). A module of its own: see App. */
export default function Toasts() {
  return <Toaster position="bottom-center" />;
}
