import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import {
  type ReactNode,
  type Ref,
  Suspense,
  startTransition,
  useEffect,
  useRef,
  useState,
} from 'react';

/** How far below the screen a section starts to load, so it is drawn before it is reached. */
const nearMargin = '300px';
/** The longest a section waits for the page's first reads to settle before it is drawn. */
const longestWaitMs = 5_000;

interface DeferredSectionProps {
  /**
   * The section as it looks while loading, drawn at once in its place (its root element takes
   * `ref`), so nothing moves when the section replaces it.
   */
  placeholder: (ref?: Ref<HTMLDivElement>) => ReactNode;
  /** The section: a lazy component, whose code loads when it is drawn. */
  children: ReactNode;
}

/**
 * A panel below the fold of the dashboard home: its code, its requests and its drawing wait
 * until it comes near the screen or the page's first reads have settled and the browser is
 * idle, so the first screen is drawn and answers sooner. Drawn in a transition, it gives way
 * to input.
 */
export function DeferredSection({ placeholder, children }: DeferredSectionProps) {
  const [shown, setShown] = useState(false);
  const anchor = useRef<HTMLDivElement>(null);
  const queryClient = useQueryClient();

  useEffect(() => {
    if (shown) return;
    const show = () => startTransition(() => setShown(true));
    const element = anchor.current;
    const observer =
      element && typeof IntersectionObserver !== 'undefined'
        ? new IntersectionObserver(
            (entries) => {
              if (entries.some((entry) => entry.isIntersecting)) show();
            },
            { rootMargin: `0px 0px ${nearMargin} 0px` },
          )
        : null;
    if (element) observer?.observe(element);
    const stopWaiting = whenSettled(queryClient, show);
    return () => {
      observer?.disconnect();
      stopWaiting();
    };
  }, [shown, queryClient]);

  return shown ? <Suspense fallback={placeholder()}>{children}</Suspense> : placeholder(anchor);
}

/**
 * Calls `then` once no query is fetching and the browser is idle (or after `longestWaitMs`);
 * returns the way to cancel it.
 */
function whenSettled(queryClient: QueryClient, then: () => void): () => void {
  let idle: (() => void) | undefined;
  const check = () => {
    if (idle || queryClient.isFetching() > 0) return;
    idle = onIdle(then);
  };
  const unsubscribe = queryClient.getQueryCache().subscribe(check);
  const deadline = setTimeout(then, longestWaitMs);
  check();
  return () => {
    unsubscribe();
    clearTimeout(deadline);
    idle?.();
  };
}

/** Runs `task` when the browser is idle (a short wait where it cannot say); returns a cancel. */
function onIdle(task: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(task, { timeout: 1_000 });
    return () => cancelIdleCallback(handle);
  }
  const handle = setTimeout(task, 100);
  return () => clearTimeout(handle);
}
