import { useCallback, useEffect, useState } from 'react';
import { ApiRequestError, apiRequest } from './api-client.ts';

type PublicRead<T> =
  | { state: 'loading' }
  | { state: 'failed'; message: string }
  | { state: 'ready'; data: T };

/**
 * A public API read on a prerendered page, without TanStack Query (which the public pages do
 * not load): loading until the app has hydrated and the answer came, then the answer or why it
 * failed; `retry` asks again.
 */
export function usePublicRead<T>(path: string): { read: PublicRead<T>; retry: () => void } {
  const [attempt, setAttempt] = useState(0);
  const [read, setRead] = useState<PublicRead<T>>({ state: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    if (attempt > 0) setRead({ state: 'loading' });
    apiRequest<T>(path, { signal: controller.signal })
      .then((data) => setRead({ state: 'ready', data }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        const message =
          error instanceof ApiRequestError ? error.message : 'The server could not be reached.';
        setRead({ state: 'failed', message });
      });
    return () => controller.abort();
  }, [path, attempt]);
  const retry = useCallback(() => setAttempt((count) => count + 1), []);
  return { read, retry };
}
