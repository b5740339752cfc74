/** The look of a card field, red when it has a message. */
export function cardInputClass(invalid: boolean): string {
  return `block w-full rounded-xl border bg-white px-3.5 py-2.5 font-mono text-ink-950 tabular-nums shadow-sm placeholder:font-sans placeholder:text-slate-400 focus:outline-none focus:ring-2 ${
    invalid
      ? 'border-red-400 focus:border-red-500 focus:ring-red-500/20'
      : 'border-slate-300 focus:border-brand-600 focus:ring-brand-600/20'
  }`;
}

/** '4242424242424242' as people read it: '4242 4242 4242 4242'. */
export function formatCardNumber(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 19);
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** Digits typed into the expiry field, with the slash put in: '1234' → '12/34'. */
export function formatExpiry(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}
