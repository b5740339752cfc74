import { paths } from '@tickerwise/shared';
import { ArrowRight } from 'lucide-react';
import { Container } from '../../../components/container.tsx';
import { buttonStyles } from '../../../components/ui/button.tsx';
import { Link } from '../../../lib/navigation.tsx';
import { LivePortfolioCard } from './live-portfolio-card.tsx';

const investorTones = [
  'bg-gradient-to-br from-brand-300 to-brand-600',
  'bg-gradient-to-br from-sky-300 to-sky-600',
  'bg-gradient-to-br from-amber-200 to-amber-500',
  'bg-gradient-to-br from-violet-300 to-violet-600',
];

export function Hero() {
  return (
    <section className="relative isolate overflow-hidden bg-ink-950 text-white">
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[radial-gradient(ellipse_at_top_right,rgba(16,185,129,0.28),transparent_50%),radial-gradient(ellipse_at_bottom_left,rgba(56,189,248,0.12),transparent_45%)]"
      />
      <Container className="grid items-center gap-12 py-16 sm:py-20 lg:grid-cols-[1.1fr_1fr] lg:gap-16 lg:py-24">
        <div>
          <p className="inline-flex items-center gap-3 rounded-full border border-white/10 bg-white/5 py-1.5 pr-4 pl-2 text-sm font-semibold">
            <span aria-hidden="true" className="flex -space-x-1.5">
              {investorTones.map((tone) => (
                <span key={tone} className={`size-6 rounded-full ring-2 ring-ink-950 ${tone}`} />
              ))}
            </span>
            10,000+ Active Investors
          </p>
          <h1 className="mt-6 text-4xl font-bold tracking-tight text-balance sm:text-5xl lg:text-6xl">
            Invest with an AI analyst at your side
          </h1>
          <p className="mt-6 max-w-xl text-lg leading-8 text-ink-200">
            Tickerwise turns market data into plain-language insight. Track your portfolio live, get
            alerts that matter and learn as you go, all in one place.
          </p>
          <div className="mt-8 grid gap-3 sm:flex sm:flex-wrap">
            <Link to={paths.pricing} className={buttonStyles({ variant: 'primary', size: 'lg' })}>
              Try for Free
              <ArrowRight className="size-5" />
            </Link>
            <Link to={paths.caseStudy} className={buttonStyles({ variant: 'on-dark', size: 'lg' })}>
              How it works
            </Link>
          </div>
          <p className="mt-5 text-sm text-ink-300">Free plan available. No card required.</p>
        </div>
        <LivePortfolioCard />
      </Container>
    </section>
  );
}
