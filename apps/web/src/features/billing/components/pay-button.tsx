/** Disabled until the card form is ready and while a payment is processing (SPEC.md "Checkout"). */
export function PayButton({
  ready,
  processing,
  label,
}: {
  ready: boolean;
  processing: boolean;
  label: string;
}) {
  return (
    <button
      type="submit"
      disabled={!ready || processing}
      className="inline-flex w-full items-center justify-center gap-2 rounded-xl bg-brand-500 px-4 py-3 text-sm font-semibold text-ink-950 shadow-sm transition-colors hover:bg-brand-400 focus-visible:outline-2 focus-visible:outline-offset-2 disabled:cursor-not-allowed disabled:opacity-60"
    >
      {processing && (
        <span
          aria-hidden="true"
          className="size-4 animate-spin rounded-full border-2 border-ink-950/20 border-t-ink-950"
        />
      )}
      {processing ? 'Processing...' : label}
    </button>
  );
}
