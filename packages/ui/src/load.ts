import type { Endpoint } from '@bracelet/contracts/endpoints';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { type ApiFailure, api } from './api';

export type LoadState<T> =
  | { status: 'loading' }
  | { status: 'failed'; failure: ApiFailure }
  | { status: 'loaded'; data: T; headers: Headers };

export type Load<T> = LoadState<T> & {
  /** Asks again; what is shown stays until the new answer (a list after a change, a page that retries). */
  reload: () => void;
};

const loading = { status: 'loading' } as const;

/**
 * Loads an endpoint when the page mounts, and again when its path changes (then shows loading
 * until the new answer). The call is aborted if the page goes away first. Nothing is loaded while
 * `endpoint` is undefined (an id not known yet). The returned object changes only with an answer.
 */
export function useLoad<T>(endpoint: Endpoint<T> | undefined): Load<T> {
  const key = endpoint && `${endpoint.method} ${endpoint.path}`;
  const latest = useRef(endpoint);
  latest.current = endpoint;
  const [answer, setAnswer] = useState<{ key: string; state: LoadState<T> }>();
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the reload trigger; the endpoint is its key.
  useEffect(() => {
    const current = latest.current;
    if (!key || !current) return;
    const controller = new AbortController();
    void api(current, { signal: controller.signal }).then((result) => {
      if (controller.signal.aborted) return;
      setAnswer({
        key,
        state: result.ok ? { status: 'loaded', data: result.data, headers: result.headers } : { status: 'failed', failure: result },
      });
    });
    return () => controller.abort();
  }, [key, attempt]);

  const reload = useCallback(() => setAttempt((count) => count + 1), []);
  const state = answer && answer.key === key ? answer.state : loading;
  return useMemo(() => ({ ...state, reload }), [state, reload]);
}
