import { paths } from '@tickerwise/shared';
import { Link } from 'react-router';
import { usePageTitle } from '../../lib/use-page-title.ts';

export function LandingPage() {
  usePageTitle('');
  return (
    <section className="mx-auto max-w-5xl px-4 py-20 text-center sm:px-6">
      <p className="text-sm font-semibold text-brand-700">10,000+ Active Investors</p>
      <h1 className="mt-4 text-4xl font-bold tracking-tight text-ink-950 sm:text-5xl">
        Invest with an AI analyst at your side
      </h1>
      <div className="mt-8 flex justify-center gap-3">
        <Link
          to={paths.caseStudy}
          className="rounded-lg border border-slate-300 px-5 py-3 font-semibold"
        >
          How it works
        </Link>
        <Link
          to={paths.pricing}
          className="rounded-lg bg-brand-600 px-5 py-3 font-semibold text-white"
        >
          Try for Free
        </Link>
      </div>
    </section>
  );
}

export { LandingPage as Component };
