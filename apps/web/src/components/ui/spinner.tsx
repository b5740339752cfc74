/** A turning ring that says it is loading; `label` is what a screen reader hears. */
export function Spinner({ label = 'Loading' }: { label?: string }) {
  return (
    <span role="status" className="inline-flex items-center gap-2 text-slate-500">
      <span
        aria-hidden="true"
        className="size-6 animate-spin rounded-full border-2 border-slate-200 border-t-brand-600"
      />
      <span className="sr-only">{label}</span>
    </span>
  );
}

/** A spinner in the middle of an area at least `min-h` tall (a whole page by default). */
export function CenteredSpinner({
  label,
  className = 'min-h-dvh',
}: {
  label?: string;
  /** The area's height, e.g. `min-h-[50vh]` inside a page. */
  className?: string;
}) {
  return (
    <div className={`grid place-items-center ${className}`}>
      <Spinner label={label} />
    </div>
  );
}
