/**
 * A grey block standing in for content that is loading, sized by `className` (e.g.
 * `h-4 w-32`). Hidden from screen readers: pair it with a status text saying what loads.
 */
export function Skeleton({ className = 'h-4 w-full' }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={`block animate-pulse rounded-md bg-slate-200/80 motion-reduce:animate-none ${className}`}
    />
  );
}
