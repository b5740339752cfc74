/** The look of a text input, red when its field has a message. */
export function inputStyles(invalid: boolean): string {
  return `block w-full rounded-xl border bg-white px-3.5 py-2.5 text-ink-950 shadow-sm placeholder:text-slate-400 focus:outline-none focus:ring-2 disabled:cursor-not-allowed disabled:bg-slate-50 ${
    invalid
      ? 'border-red-400 focus:border-red-500 focus:ring-red-500/20'
      : 'border-slate-300 focus:border-brand-600 focus:ring-brand-600/20'
  }`;
}
