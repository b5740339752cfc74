import type { SymbolMatch } from '@tickerwise/shared';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';

/** Finds securities for a trimmed, non-empty query; `signal` aborts a search no longer wanted. */
export type SymbolSearchFunction = (query: string, signal: AbortSignal) => Promise<SymbolMatch[]>;

export type SymbolResults =
  | { status: 'idle'; results: [] }
  /** `results` are the previous query's, kept on screen while the new one runs. */
  | { status: 'searching'; query: string; results: SymbolMatch[] }
  | { status: 'found'; query: string; results: SymbolMatch[] }
  | { status: 'failed'; query: string; results: []; message: string };

const idle: SymbolResults = { status: 'idle', results: [] };

/**
 * The results for what is typed: searched `delayMs` after the typing pauses, an older search
 * aborted by a newer one, and an answer that comes back after a newer query ignored.
 */
export function useSymbolResults(search: SymbolSearchFunction, query: string, delayMs: number) {
  const [state, setState] = useState<SymbolResults>(idle);
  const [attempt, setAttempt] = useState(0);
  const latestSearch = useRef(search);
  useLayoutEffect(() => {
    latestSearch.current = search;
  });
  const term = query.trim();

  useEffect(() => {
    if (!term) {
      setState(idle);
      return;
    }
    setState((previous) => ({
      status: 'searching',
      query: term,
      results: previous.status === 'failed' ? [] : previous.results,
    }));
    const controller = new AbortController();
    const timer = setTimeout(() => {
      latestSearch.current(term, controller.signal).then(
        (results) => {
          if (!controller.signal.aborted) setState({ status: 'found', query: term, results });
        },
        (error: unknown) => {
          if (controller.signal.aborted) return;
          const message =
            error instanceof Error && error.message
              ? error.message
              : 'Search is unavailable right now.';
          setState({ status: 'failed', query: term, results: [], message });
        },
      );
    }, delayMs);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
    // `attempt` asks for the same query again after a failure.
  }, [term, delayMs, attempt]);

  const retry = useCallback(() => setAttempt((count) => count + 1), []);
  return { state, retry };
}
