import { Check } from 'lucide-react';

const highlights = [
  ['AI market analysis', 'Plain-language insight on the stocks you follow.'],
  ['Live market data', 'Prices, volume and 30-day history in one place.'],
  ['Learn as you go', 'Courses and a community of individual investors.'],
] as const;

/** The navy panel beside the login form: what is waiting after sign-in. */
export function LoginAside() {
  return (
    <div className="max-w-md">
      <p className="text-sm font-semibold tracking-wide text-brand-400 uppercase">Tickerwise</p>
      <p className="mt-4 text-3xl leading-tight font-bold tracking-tight text-balance">
        Your AI analyst is ready when you are.
      </p>
      <ul className="mt-10 space-y-6">
        {highlights.map(([title, text]) => (
          <li key={title} className="flex gap-4">
            <span className="mt-1 grid size-6 shrink-0 place-items-center rounded-full bg-brand-500/15 text-brand-400">
              <Check className="size-4" />
            </span>
            <span>
              <span className="block font-semibold">{title}</span>
              <span className="mt-1 block text-sm text-ink-200">{text}</span>
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
