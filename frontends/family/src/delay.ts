import { useEffect, useRef } from 'react';

/** Runs `action` after `ms` once `when` is true (redirects after a success message). */
export function useDelayedAction(when: boolean, ms: number, action: () => void): void {
  const latest = useRef(action);
  latest.current = action;
  useEffect(() => {
    if (!when) return;
    const timer = setTimeout(() => latest.current(), ms);
    return () => clearTimeout(timer);
  }, [when, ms]);
}
