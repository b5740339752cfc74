/** A row of buttons choosing one option; the pressed one is the option shown. */
export function Choice<T extends string>({
  legend,
  options,
  value,
  onChange,
}: {
  legend: string;
  options: readonly { value: T; label: string }[];
  value: T;
  onChange: (value: T) => void;
}) {
  return (
    <fieldset className="inline-flex max-w-full min-w-0 flex-wrap rounded-xl border-0 bg-slate-100 p-1">
      <legend className="sr-only">{legend}</legend>
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          aria-pressed={option.value === value}
          onClick={() => onChange(option.value)}
          className={`rounded-lg px-2.5 py-1.5 text-sm font-semibold transition-colors ${
            option.value === value
              ? 'bg-white text-ink-950 shadow-sm'
              : 'text-slate-600 hover:bg-white/60 hover:text-ink-950'
          }`}
        >
          {option.label}
        </button>
      ))}
    </fieldset>
  );
}
