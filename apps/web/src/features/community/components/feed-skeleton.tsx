import { Skeleton } from '../../../components/ui/skeleton.tsx';

/** Three post-shaped placeholders while a list of posts loads. */
export function FeedSkeleton({ label = 'Loading posts' }: { label?: string }) {
  return (
    <div className="space-y-3" role="status" aria-label={label}>
      {[0, 1, 2].map((index) => (
        <div key={index} className="rounded-2xl border border-slate-200 bg-white p-5">
          <Skeleton className="h-4 w-40" />
          <Skeleton className="mt-3 h-4 w-full" />
          <Skeleton className="mt-2 h-4 w-2/3" />
        </div>
      ))}
    </div>
  );
}
