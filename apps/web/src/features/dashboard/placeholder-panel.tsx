/** A dashboard panel whose content is announced but not built yet (SPEC.md dashboard home). */
export function PlaceholderPanel({ title, message }: { title: string; message: string }) {
  return (
    <section className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 className="text-base font-semibold text-ink-950">{title}</h2>
      <div className="mt-4 grid h-56 place-items-center rounded-xl border border-dashed border-slate-200 bg-slate-50/60">
        <p className="text-sm text-slate-500">{message}</p>
      </div>
    </section>
  );
}
