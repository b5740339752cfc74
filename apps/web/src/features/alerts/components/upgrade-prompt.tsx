import { paths } from '@tickerwise/shared';
import { BellRing } from 'lucide-react';
import { Link } from 'react-router';
import { buttonStyles } from '../../../components/ui/button.tsx';

const examples = [
  'AAPL rises to $200 or more',
  'NVDA is down 5% or more today',
  'SPY crosses below its 200-day average',
  'TSLA’s RSI 14 falls to 30 or below',
  'MSFT’s technical rating turns Strong buy',
];

/** What alerts are, for a plan without them, and where to get them. */
export function UpgradePrompt({ compact = false }: { compact?: boolean }) {
  return (
    <section
      aria-labelledby="alerts-upgrade-heading"
      className={`rounded-2xl border border-slate-200 bg-white shadow-sm ${compact ? 'p-5' : 'p-6 sm:p-8'}`}
    >
      <div className="flex items-start gap-4">
        <span className="grid size-10 shrink-0 place-items-center rounded-xl bg-brand-50 text-brand-700">
          <BellRing className="size-5" aria-hidden="true" />
        </span>
        <div className="min-w-0">
          <h2 id="alerts-upgrade-heading" className="text-lg font-semibold text-ink-950">
            Custom alerts come with Pro
          </h2>
          <p className="mt-1 text-slate-600">
            Tell Tickerwise what to watch for and get a notification the moment it happens, on any
            device you are signed in on. Pro includes 50 alerts, Enterprise 200.
          </p>
          {!compact && (
            <ul className="mt-4 space-y-1.5 text-sm text-slate-700">
              {examples.map((example) => (
                <li key={example} className="flex gap-2">
                  <span aria-hidden="true" className="text-brand-600">
                    •
                  </span>
                  {example}
                </li>
              ))}
            </ul>
          )}
          <Link to={paths.pricing} className={`${buttonStyles({})} mt-5`}>
            See plans
          </Link>
        </div>
      </div>
    </section>
  );
}
