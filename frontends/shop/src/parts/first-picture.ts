import { useCallback, useState } from 'react';

/**
 * A page's other pictures wait for its first one (its LCP element) to arrive, or to fail, before
 * they are fetched: on a slow connection they would share its bandwidth, and Lighthouse counts
 * every request started before the LCP as part of it. Until then they are boxes of the same size,
 * so nothing moves when they come. Give `settled` to the first picture's `onSettled`.
 */
export function useFirstPicture(): { arrived: boolean; settled: () => void } {
  const [arrived, setArrived] = useState(false);
  const settled = useCallback(() => setArrived(true), []);
  return { arrived, settled };
}
