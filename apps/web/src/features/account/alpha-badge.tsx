/** SPEC.md section 6: the alpha tier shows a badge. */
export function AlphaBadge() {
  return (
    <span className="rounded-full bg-violet-100 px-2 py-0.5 text-xs font-semibold text-violet-700 ring-1 ring-violet-200 ring-inset">
      Alpha Tester
    </span>
  );
}
