import { type ReactNode, Suspense } from 'react';
import { usePublicRead } from '../lib/use-public-read.ts';
import { ErrorState } from './ui/error-state.tsx';

interface LiveExampleBoxProps<T> {
  /** The public route the example is read from. */
  path: string;
  /** Its `min-h-*` classes at each width: the box keeps its height from first paint to answer. */
  heights: string;
  /** What the box shows while the example loads. */
  skeleton: ReactNode;
  children: (example: T) => ReactNode;
}

/**
 * A feature page's live read-only example (docs/PRODUCT.md §3.29): read from a public route,
 * with its loading and error states, in a box whose height does not change when it arrives.
 */
export function LiveExampleBox<T>({ path, heights, skeleton, children }: LiveExampleBoxProps<T>) {
  const { read, retry } = usePublicRead<T>(path);
  const loading = (
    <div role="status" aria-label="Loading the example" className="space-y-4">
      {skeleton}
    </div>
  );
  return (
    <div
      aria-busy={read.state === 'loading'}
      className={`mt-8 rounded-3xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6 ${heights}`}
    >
      {read.state === 'ready' ? (
        // The content's own code may still be on its way: the skeleton stays until it is here.
        <Suspense fallback={loading}>{children(read.data)}</Suspense>
      ) : read.state === 'failed' ? (
        <ErrorState title="The example could not be loaded just now." onRetry={retry}>
          {read.message}
        </ErrorState>
      ) : (
        loading
      )}
    </div>
  );
}
